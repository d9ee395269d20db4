import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookEndpointList,
  webhookEndpointWithSecret,
  webhookMessage,
  webhookMessagePage,
  type WebhookEndpointCreate,
  type WebhookMessageStatus,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

// The webhook endpoints and their delivery log (decision 0038), under /admin/; answers sealed, writes sealed.

const PATH = '/admin/webhooks/';

export interface EndpointChange {
  id: string;
  url?: string;
  description?: string;
  events?: WebhookEndpointCreate['events'];
  enabled?: boolean;
}

export interface MessageFilter {
  endpointId?: string;
  status?: WebhookMessageStatus;
  page: number;
  pageSize: number;
}

/** Keys start with the signed-in account, so one staff member's view never shows for the next. */
function useWebhooksKey() {
  return ['webhooks', useSession()?.user.username ?? ''] as const;
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...useWebhooksKey(), 'endpoints'],
    queryFn: async () => webhookEndpointList.parse(await apiRequest({ method: 'GET', path: PATH })),
  });
}

export function useWebhookMessages({ endpointId, status, page, pageSize }: MessageFilter) {
  const query = Object.fromEntries(
    Object.entries({
      endpoint_id: endpointId,
      status,
      page: String(page),
      page_size: String(pageSize),
    }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
  return useQuery({
    queryKey: [...useWebhooksKey(), 'messages', query],
    queryFn: async () =>
      webhookMessagePage.parse(await apiRequest({ method: 'GET', path: `${PATH}messages/`, query })),
    placeholderData: keepPreviousData,
  });
}

/** A write under PATH; every one may change the endpoints and the log, so both are read again. */
function useWebhookWrite<Input, Output>(path: string, parse: (answer: unknown) => Output) {
  const client = useQueryClient();
  const key = useWebhooksKey();
  return useMutation({
    mutationFn: async (body: Input) =>
      parse(
        await apiRequest({
          method: 'POST',
          path: `${PATH}${path}`,
          body: body as Record<string, unknown>,
          encryptBody: true,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

const ignore = () => undefined;

export const useCreateEndpoint = () =>
  useWebhookWrite<WebhookEndpointCreate, ReturnType<typeof webhookEndpointWithSecret.parse>>('', (answer) =>
    webhookEndpointWithSecret.parse(answer),
  );
export const useUpdateEndpoint = () => useWebhookWrite<EndpointChange, void>('update/', ignore);
export const useDeleteEndpoint = () => useWebhookWrite<{ id: string }, void>('delete/', ignore);
export const useRotateSecret = () =>
  useWebhookWrite<{ id: string }, ReturnType<typeof webhookEndpointWithSecret.parse>>('rotate/', (answer) =>
    webhookEndpointWithSecret.parse(answer),
  );
export const useSendTestEvent = () =>
  useWebhookWrite<{ id: string }, ReturnType<typeof webhookMessage.parse>>('test/', (answer) =>
    webhookMessage.parse(answer),
  );
export const useResendMessage = () =>
  useWebhookWrite<{ id: string }, ReturnType<typeof webhookMessage.parse>>('messages/resend/', (answer) =>
    webhookMessage.parse(answer),
  );
