import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { documentsPage, type DocumentKind, type DocumentsPage, type DocumentStatus } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

// The patient's document list apart from a document's detail and signing: the welcome page's
// two document cards show it on the patient's first screen and load only the list's schema.

// Keys start with the signed-in account, so one person's documents are never shown to the next
// person on the same tab; `gcTime: 0` drops PDFs and PHI from memory once no screen shows them.
export const PRIVATE = { gcTime: 0 } as const;

export function useDocumentsScope(): readonly ['documents', string] {
  return ['documents', useSession()?.user.username ?? ''];
}

export interface DocumentsFilter {
  status?: DocumentStatus;
  kind?: DocumentKind;
  page: number;
}

export async function fetchDocuments(filter: DocumentsFilter): Promise<DocumentsPage> {
  return documentsPage.parse(
    await apiRequest({ method: 'GET', path: '/patient/documents/', query: { ...filter } }),
  );
}

export function useDocuments(filter: DocumentsFilter) {
  const scope = useDocumentsScope();
  return useQuery({
    queryKey: [...scope, 'list', filter],
    queryFn: () => fetchDocuments(filter),
    placeholderData: keepPreviousData,
    ...PRIVATE,
  });
}
