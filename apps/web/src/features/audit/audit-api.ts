import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditExport, AuditPage, AuditQuery } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

const queryOf = (query: AuditQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>;

/** Sealed: the rows name people and their addresses. */
export function useAuditPage(query: AuditQuery) {
  return useQuery({
    queryKey: ['admin-audit', useSession()?.user.username ?? '', query],
    queryFn: () => apiRequest<AuditPage>({ method: 'GET', path: '/admin/audit/', query: queryOf(query) }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}

/** The server writes the CSV (and audits the export); the page only saves it as a file. */
export function useAuditExport() {
  return useMutation({
    mutationFn: (query: AuditQuery) =>
      apiRequest<AuditExport>({
        method: 'GET',
        path: '/admin/audit/export/',
        query: queryOf({ ...query, page: undefined, page_size: undefined }),
      }),
  });
}

export function saveCsv({ filename, csv }: AuditExport): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
