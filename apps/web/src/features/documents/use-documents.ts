import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignRequest } from '@portal/protocol';
import { actOnDocument, fetchDocument, fetchSigningSession } from './documents-api.ts';
import { PRIVATE, useDocumentsScope } from './use-document-list.ts';

export { useDocuments } from './use-document-list.ts';

export function useDocument(id: string) {
  const scope = useDocumentsScope();
  return useQuery({ queryKey: [...scope, 'document', id], queryFn: () => fetchDocument(id), ...PRIVATE });
}

export function useSigningSession(id: string, enabled: boolean) {
  const scope = useDocumentsScope();
  return useQuery({
    queryKey: [...scope, 'sign', id],
    queryFn: () => fetchSigningSession(id),
    enabled,
    ...PRIVATE,
  });
}

/**
 * Sign, submit or decline; afterwards every documents query is stale (status, counts, the signed
 * PDF) but the signing session of a document that moved: it has left the signable state, the
 * server would answer its read with 10409, and the panel closes as the document reloads.
 */
export function useActOnDocument() {
  const scope = useDocumentsScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignRequest) => actOnDocument(body),
    onSettled: (_answer, error, body) =>
      client.invalidateQueries({
        queryKey: scope,
        predicate: ({ queryKey }) => error !== null || !(queryKey[2] === 'sign' && queryKey[3] === body.id),
      }),
  });
}
