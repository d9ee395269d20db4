import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

/**
 * The `orders-staff` key of the message for a failed orders or catalogue call, or null when the
 * API layer already told the person (spec §8 notices, the network-issue screen). A 10409 is
 * someone else's change (a stale version) or a move the order's status no longer allows: either
 * way, reading it again shows what now stands.
 */
export function ordersErrorKey(error: unknown, conflictKey = 'errors.orderConflict'): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  if (error.code === Codes.conflict) return conflictKey;
  if (error.code === Codes.itemsNotFound) return 'errors.notFound';
  if (error.code === Codes.validation) return 'errors.validation';
  if (error.code === Codes.forbidden) return 'errors.forbidden';
  return 'errors.generic';
}
