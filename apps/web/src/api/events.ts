import { useQuery } from '@tanstack/react-query';
import type { EventData } from '@portal/protocol';
import { apiRequest } from './client.ts';
import { EVENT_POLL_MS } from './constants.ts';

/**
 * spec §4, §7: while signed in, poll the event endpoint every 10 s without the progress bar.
 * Reading consumes the event (protocol.md §7), so every answer is handed to `onEvent` once.
 */
export function useEventPoll(enabled: boolean, onEvent: (name: string) => void): void {
  useQuery({
    queryKey: ['patient-event'],
    queryFn: async () => {
      const event = await apiRequest<EventData | null>({
        method: 'GET',
        path: '/patient/event/',
        progress: false,
        reportNetwork: false,
        passive: true,
      });
      if (event?.name) onEvent(event.name);
      return event?.name ?? null;
    },
    enabled,
    refetchInterval: EVENT_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });
}
