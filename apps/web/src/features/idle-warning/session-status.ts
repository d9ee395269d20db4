import type { SessionStatus } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

/** protocol.md "Idle warning": passive, so asking keeps no idle session alive. */
export function fetchSessionStatus(): Promise<SessionStatus> {
  return apiRequest<SessionStatus>({
    method: 'GET',
    path: '/account/session/',
    passive: true,
    progress: false,
    reportNetwork: false,
  });
}

/** "Stay signed in": a use the server writes at once, so the idle time starts again. */
export function extendSession(): Promise<SessionStatus> {
  return apiRequest<SessionStatus>({ method: 'POST', path: '/account/session/extend/', body: {} });
}
