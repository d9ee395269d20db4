import type { Actor } from '../../plugins/auth.ts';
import type { OrderReader } from './order-view.ts';

/** The orders desk holds `manage_orders`; any other staff reader is a prescriber (`read_chart`). */
export function staffReader(actor: Actor): OrderReader & { kind: 'staff' } {
  return { kind: 'staff', actor: actor.auths.includes('manage_orders') ? 'orders_desk' : 'prescriber' };
}
