import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClinicAssignment,
  HoldReason,
  WorklistAssignees,
  WorklistAssignRequest,
  WorklistAssignResult,
  WorklistPage,
  WorklistQueue,
  WorklistSort,
} from '@portal/protocol';
import { apiRequest } from '../../../api/client.ts';
import { showNotice } from '../../../api/notice-store.ts';
import { useSession } from '../../../api/use-session.ts';

// The worklist answer is sealed: it names patients and, for declines, their reasons.

/** What narrows or orders the page; none of it changes the counts beside the queues. */
export interface WorklistNarrowing {
  q: string | undefined;
  sort: WorklistSort | undefined;
  mine: boolean;
  /** On orders on hold: one hold reason. */
  holdReason: HoldReason | undefined;
}

export function fetchWorklist(
  queue: WorklistQueue | undefined,
  page: number,
  narrowing: WorklistNarrowing,
): Promise<WorklistPage> {
  return apiRequest<WorklistPage>({
    method: 'GET',
    path: '/admin/worklist/',
    query: {
      ...(queue ? { queue } : {}),
      page: String(page),
      ...(narrowing.q ? { q: narrowing.q } : {}),
      ...(narrowing.sort ? { sort: narrowing.sort } : {}),
      ...(narrowing.mine ? { mine: 'true' } : {}),
      ...(queue === 'orders_on_hold' && narrowing.holdReason ? { hold_reason: narrowing.holdReason } : {}),
    },
  });
}

// Keyed by the signed-in account (one person's queues never show for the next on the tab);
// gcTime 0 drops names and reasons once no screen shows them.
function useWorklistKey() {
  return ['clinic-worklist', useSession()?.user.username ?? ''] as const;
}

export function useWorklist(queue: WorklistQueue | undefined, page: number, narrowing: WorklistNarrowing) {
  return useQuery({
    queryKey: [
      ...useWorklistKey(),
      queue ?? '',
      page,
      narrowing.q ?? '',
      narrowing.sort ?? '',
      narrowing.mine,
      narrowing.holdReason ?? '',
    ],
    queryFn: () => fetchWorklist(queue, page, narrowing),
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
    // Said here rather than by the row that asked: the row leaves the list as the queue refreshes,
    // and a caller's own callbacks do not run once it has unmounted.
    onSuccess: (_moved, move) =>
      showNotice({ key: `clinic-worklist:notices.${move.kind}`, tone: 'success', durationMs: 6_000 }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Who may work a queue (sealed: staff names). */
export function useWorklistAssignees(queue: WorklistQueue) {
  return useQuery({
    queryKey: [...useWorklistKey(), 'assignees', queue],
    queryFn: () =>
      apiRequest<WorklistAssignees>({ method: 'GET', path: '/admin/worklist/assignees/', query: { queue } }),
    staleTime: 60_000,
  });
}

/** Give a row to someone or to nobody; the page refreshes after, so "assigned to me" stays true. */
export function useAssignItem() {
  const client = useQueryClient();
  const key = useWorklistKey();
  return useMutation({
    mutationFn: (body: WorklistAssignRequest) =>
      apiRequest<WorklistAssignResult>({
        method: 'POST',
        path: '/admin/worklist/assign/',
        body,
        encryptBody: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
