import type { QueryClient } from '@tanstack/react-query';
import { builtInPanel, unseenReplies } from './messenger.ts';
import { MESSAGE_QUERIES } from './message-queries.ts';

/**
 * protocol.md §8 `message`: a clinic reply for a patient, a new patient message for an
 * administrator. Heard through the existing 10 s poll; it refreshes whatever messages are shown.
 */
export function onMessageEvent(queryClient: QueryClient, isPatient: boolean): void {
  if (isPatient && !builtInPanel.isOpen()) unseenReplies.add();
  void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERIES });
}
