import { describe, expect, it } from 'vitest';
import {
  FINAL_ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderActionsFor,
  orderTransition,
  OrderStatus,
} from '../../src/schemas/order-status.ts';

describe('the device orders state table', () => {
  it('reaches every status from a draft', () => {
    const reached = new Set<OrderStatus>(['draft']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of ORDER_TRANSITIONS) {
        if (reached.has(t.from) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...OrderStatus.options].sort());
  });

  it('leaves completed and cancelled orders where they are, and only those', () => {
    expect([...FINAL_ORDER_STATUSES].sort()).toEqual(['cancelled', 'completed']);
    for (const status of FINAL_ORDER_STATUSES) {
      for (const actor of ['prescriber', 'orders_desk', 'patient', 'system'] as const)
        expect(orderActionsFor(status, actor)).toEqual([]);
    }
  });

  it('lists each move once: one status, action and actor lead to one place', () => {
    const keys = ORDER_TRANSITIONS.flatMap((t) => t.actors.map((actor) => `${t.from} ${t.action} ${actor}`));
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of ORDER_TRANSITIONS) expect(new Set(t.actors).size).toBe(t.actors.length);
  });

  it('refuses a move the table does not list, whoever asks', () => {
    expect(orderTransition('submitted', 'approve', 'orders_desk')?.to).toBe('approved');
    expect(orderTransition('submitted', 'approve', 'prescriber')).toBeUndefined();
    expect(orderTransition('on_hold', 'approve', 'orders_desk')).toBeUndefined();
    expect(orderTransition('delivered', 'cancel', 'orders_desk')).toBeUndefined();
  });

  it('starts a rental only as the server recording a rented item’s delivery, never by the desk’s hand', () => {
    expect(orderActionsFor('delivered', 'orders_desk')).toEqual(['complete']);
    expect(orderTransition('delivered', 'start_rental', 'system')?.to).toBe('in_rental');
  });
});
