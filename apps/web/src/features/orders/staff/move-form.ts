import { z } from 'zod';
import { HoldReason, moveOrderRequest, type DeviceOrder, type OrderAction } from '@portal/protocol';

/** What a move's form holds: the serials as typed, one per item, blank for none. */
export interface MoveFormInput {
  id: string;
  version: number;
  action: OrderAction;
  reason: string;
  note: string;
  serials: { item_id: string; serial_number: string }[];
}

/** A serial left blank is no serial (supplies have none); a reason only where the move takes one. */
function wireMove(input: MoveFormInput) {
  return {
    ...input,
    reason: input.reason === '' ? undefined : input.reason,
    serials: input.serials.filter((serial) => serial.serial_number.trim() !== ''),
  };
}

/**
 * The protocol's moveOrderRequest, with what the clinic asks beyond it: a hold names its reason,
 * and a cancellation says why (the history keeps it).
 */
export function moveForm(action: OrderAction): z.ZodType<z.output<typeof moveOrderRequest>, MoveFormInput> {
  const schema =
    action === 'hold'
      ? moveOrderRequest.extend({ reason: HoldReason })
      : action === 'cancel'
        ? moveOrderRequest.extend({ note: z.string().trim().min(1).max(1_000) })
        : moveOrderRequest;
  return z.preprocess((input) => wireMove(input as MoveFormInput), schema) as unknown as z.ZodType<
    z.output<typeof moveOrderRequest>,
    MoveFormInput
  >;
}

/** Moves that record the items' serial numbers: what goes out, or what the carrier delivered. */
const TAKES_SERIALS: readonly OrderAction[] = ['dispatch', 'deliver'];

export function moveFormOf(order: DeviceOrder, action: OrderAction, reason = ''): MoveFormInput {
  return {
    id: order.id,
    version: order.version,
    action,
    reason,
    note: '',
    serials: TAKES_SERIALS.includes(action)
      ? order.items.map((item) => ({ item_id: item.id, serial_number: item.serial_number ?? '' }))
      : [],
  };
}
