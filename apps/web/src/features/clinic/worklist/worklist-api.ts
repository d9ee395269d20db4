import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClinicAssignment, WorklistPage, WorklistQueue } from '@portal/protocol';
import { apiRequest } from '../../../api/client.ts';
import { useSession } from '../../../api/use-session.ts';

// The worklist answer is sealed: it names patients and, for declines, their reasons.

export function fetchWorklist(queue: WorklistQueue | undefined, page: number): Promise<WorklistPage> {
  return apiRequest<WorklistPage>({
    method: 'GET',
    path: '/admin/worklist/',
    query: { ...(queue ? { queue } : {}), page: String(page) },
  });
}

// Keyed by the signed-in account (one person's queues never show for the next on the tab);
// gcTime 0 drops names and reasons once no screen shows them.
function useWorklistKey() {
  return ['clinic-worklist', useSession()?.user.username ?? ''] as const;
}

export function useWorklist(queue: WorklistQueue | undefined, page: number) {
  return useQuery({
    queryKey: [...useWorklistKey(), queue ?? '', page],
    queryFn: () => fetchWorklist(queue, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}

export type DeclineMove = { kind: 'resend'; id: string } | { kind: 'cancel'; id: string; version: number };

function moveDeclined(move: DeclineMove): Promise<ClinicAssignment> {
  return move.kind === 'resend'
    ? apiRequest<ClinicAssignment>({
        method: 'POST',
        path: '/admin/documents/assignment/resend/',
        body: { id: move.id },
        encryptBody: true,
      })
    : apiRequest<ClinicAssignment>({
        method: 'POST',
        path: '/admin/documents/assignment/action/',
        body: { id: move.id, action: 'cancel', version: move.version },
        encryptBody: true,
      });
}

/** Re-send or withdraw a declined document; the queues and counts refresh after either. */
export function useDeclineMove() {
  const client = useQueryClient();
  const key = useWorklistKey();
  return useMutation({
    mutationFn: moveDeclined,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
