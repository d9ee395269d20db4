import { Codes } from '@portal/protocol';
import { COMMON_CODE_KEYS, errorKeyOf } from '../../api/error-key.ts';

/**
 * The `orders-staff` key of the message for a failed orders or catalogue call, or null when the
 * API layer already told the person (spec §8 notices, the network-issue screen). A 10409 is
 * someone else's change (a stale version) or a move the order's status no longer allows: either
 * way, reading it again shows what now stands.
 */
export function ordersErrorKey(error: unknown, conflictKey = 'errors.orderConflict'): string | null {
  return errorKeyOf(error, { ...COMMON_CODE_KEYS, [Codes.conflict]: conflictKey });
}
