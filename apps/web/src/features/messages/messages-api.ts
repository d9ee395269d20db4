import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  assigneeList,
  attachmentContent,
  clinicThread,
  inboxPage,
  inboxThread,
  patientThread,
  zendeskToken,
  type AttachmentContent,
  type AttachmentUpload,
  type PatientThread,
  type ThreadStatus,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { MESSAGE_QUERIES } from './message-queries.ts';

// protocol.md §10 "Messenger": every answer is sealed; the API client opens it and the
// protocol's schemas check it. The event poll invalidates MESSAGE_QUERIES on 'message'.

export { MESSAGE_QUERIES };

/** The inbox filters as the URL holds them (the server coerces the same strings). */
export interface InboxParams {
  status?: ThreadStatus;
  mine?: 'true';
  /** The start of the patient's name, or words in the newest messages (decision 0030). */
  q?: string;
  page: number;
  page_size: number;
}

export interface Draft {
  text: string;
  attachment?: AttachmentUpload;
}

export function usePatientThread(enabled = true) {
  return useQuery({
    queryKey: [...MESSAGE_QUERIES, 'patient'],
    queryFn: async () => patientThread.parse(await apiRequest({ method: 'GET', path: '/patient/messages/' })),
    enabled,
  });
}

/**
 * The thread a write answered, shown at once. A read of the thread still in flight (the panel
 * opening) is cancelled first: its older answer would otherwise land after this one and hide
 * the message just sent until the next poll.
 */
export async function showThread(client: QueryClient, thread: PatientThread): Promise<void> {
  const key = [...MESSAGE_QUERIES, 'patient'];
  await client.cancelQueries({ queryKey: key });
  client.setQueryData(key, thread);
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (draft: Draft) =>
      patientThread.parse(
        await apiRequest({
          method: 'POST',
          path: '/patient/messages/',
          body: { ...draft },
          encryptBody: true,
        }),
      ),
    onSuccess: (thread) => showThread(client, thread),
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      patientThread.parse(
        await apiRequest({ method: 'POST', path: '/patient/messages/read/', body: {}, progress: false }),
      ),
    onSuccess: (thread) => showThread(client, thread),
  });
}

export function useInbox(query: InboxParams) {
  return useQuery({
    queryKey: [...MESSAGE_QUERIES, 'inbox', query],
    queryFn: async () =>
      inboxPage.parse(
        await apiRequest({
          method: 'GET',
          path: '/admin/messages/',
          query: { ...query },
        }),
      ),
    placeholderData: (previous) => previous,
  });
}

export function useClinicThread(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...MESSAGE_QUERIES, 'thread', id],
    queryFn: async () => {
      const thread = clinicThread.parse(
        await apiRequest({ method: 'GET', path: '/admin/messages/thread/', query: { id: id! } }),
      );
      // Reading marked the patient's messages read: the list's unread counts follow.
      void client.invalidateQueries({ queryKey: [...MESSAGE_QUERIES, 'inbox'] });
      return thread;
    },
    enabled: id !== null,
  });
}

export function useAssignees() {
  return useQuery({
    queryKey: [...MESSAGE_QUERIES, 'assignees'],
    queryFn: async () =>
      assigneeList.parse(await apiRequest({ method: 'GET', path: '/admin/messages/assignees/' })),
    staleTime: 60_000,
  });
}

/** Inbox writes: each refreshes the list and the open thread. */
export function useThreadAction() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: MESSAGE_QUERIES });
  const post = (path: string, body: Record<string, unknown>) =>
    apiRequest({ method: 'POST', path, body, encryptBody: true });
  return {
    reply: useMutation({
      mutationFn: async (draft: Draft & { id: string }) =>
        clinicThread.parse(await post('/admin/messages/reply/', { ...draft })),
      onSuccess: refresh,
    }),
    assign: useMutation({
      mutationFn: async (body: { id: string; assignee_id: string | null }) =>
        inboxThread.parse(await post('/admin/messages/assign/', body)),
      onSuccess: refresh,
    }),
    status: useMutation({
      mutationFn: async (body: { id: string; status: ThreadStatus }) =>
        inboxThread.parse(await post('/admin/messages/status/', body)),
      onSuccess: refresh,
    }),
  };
}

export async function fetchAttachment(id: string, side: 'patient' | 'admin'): Promise<AttachmentContent> {
  return attachmentContent.parse(
    await apiRequest({ method: 'GET', path: `/${side}/messages/attachment/`, query: { id } }),
  );
}

export async function fetchZendeskJwt(): Promise<string> {
  return zendeskToken.parse(await apiRequest({ method: 'GET', path: '/token/zendesk/', progress: false }))
    .jwt;
}
