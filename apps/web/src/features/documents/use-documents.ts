import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignRequest } from '@portal/protocol';
import { useSession } from '../../api/use-session.ts';
import {
  actOnDocument,
  fetchDocument,
  fetchDocuments,
  fetchSigningSession,
  type DocumentsFilter,
} from './documents-api.ts';

// Keys start with the signed-in account, so one person's documents are never shown to the next
// person on the same tab; `gcTime: 0` drops PDFs and PHI from memory once no screen shows them.
const PRIVATE = { gcTime: 0 } as const;

function useScope(): readonly ['documents', string] {
  return ['documents', useSession()?.user.username ?? ''];
}

export function useDocuments(filter: DocumentsFilter) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'list', filter],
    queryFn: () => fetchDocuments(filter),
    placeholderData: keepPreviousData,
    ...PRIVATE,
  });
}

export function useDocument(id: string) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'document', id], queryFn: () => fetchDocument(id), ...PRIVATE });
}

export function useSigningSession(id: string, enabled: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'sign', id],
    queryFn: () => fetchSigningSession(id),
    enabled,
    ...PRIVATE,
  });
}

/** Sign, submit or decline; afterwards every documents query is stale (status, counts, the signed PDF). */
export function useActOnDocument() {
  const scope = useScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignRequest) => actOnDocument(body),
    onSettled: () => client.invalidateQueries({ queryKey: scope }),
  });
}
