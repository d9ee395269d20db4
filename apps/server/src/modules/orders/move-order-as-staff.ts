import { eq } from 'drizzle-orm';
import {
  Codes,
  orderTransition,
  ProtocolError,
  type FieldError,
  type moveOrderRequest,
  type OrderResult,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { deviceOrderItems } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { moveOrder } from './move-order.ts';
import { clearHold, openHold, type HoldChange, type OrderState } from './order-holds.ts';
import { placePrerequisiteHolds } from './order-prerequisites.ts';
import { orderForMove } from './order-for-move.ts';
import { orderView, type OrderRow } from './order-view.ts';
import { recordDelivery } from './record-delivery.ts';
import { staffReader } from './staff-reader.ts';

type MoveRequest = z.output<typeof moveOrderRequest>;

/**
 * `POST /admin/orders/move/`: one move of the state table by the orders desk (`manage_orders`) or,
 * without it, the prescriber. A move the table does not hold for them, or an order changed since
 * it was read, answers 10409 and writes nothing.
 */
export async function moveOrderAsStaff(
  ctx: AppContext,
  actor: Actor,
  request: MoveRequest,
): Promise<OrderResult> {
  const reader = staffReader(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await orderForMove(tx, request);
    if (!orderTransition(row.status, request.action, reader.actor)) throw new ProtocolError(Codes.conflict);
    const change: HoldChange = {
      actor: reader.actor,
      actorId: actor.userId,
      meta: actor.meta,
      note: request.note,
    };
    await applyMove(ctx, tx, row, request, change);
    return { order: await orderView(ctx, tx, row.id, reader) };
  });
}

async function applyMove(
  ctx: AppContext,
  tx: Transaction,
  row: OrderRow,
  request: MoveRequest,
  change: HoldChange,
): Promise<void> {
  const order: OrderState = row;
  const move = { order, action: request.action, ...change };
  const now = ctx.now();
  switch (request.action) {
    case 'hold':
      await openHold(ctx, tx, order, reasonOf(request), change);
      return;
    case 'release':
      await clearHold(ctx, tx, order, reasonOf(request), change);
      return;
    case 'submit': {
      const status = await moveOrder(ctx, tx, { ...move, set: { submittedAt: now } });
      await placePrerequisiteHolds(ctx, tx, { ...row, status, version: row.version + 1 }, change.meta);
      return;
    }
    case 'approve':
      await moveOrder(ctx, tx, { ...move, set: { approvedAt: now } });
      return;
    case 'schedule':
      // A window is booked among the offered slots: POST /admin/orders/slot/ names the one chosen.
      throw new ProtocolError(Codes.validation, 'Book an offered delivery window', [
        { path: 'action', message: 'Book an offered delivery window' },
      ]);
    case 'dispatch':
      await storeSerials(tx, row.id, request.serials);
      await moveOrder(ctx, tx, { ...move, set: { dispatchedAt: now } });
      return;
    case 'deliver':
      await refuseForeignItems(tx, row.id, request.serials);
      await recordDelivery(ctx, tx, {
        ...move,
        serials: request.serials.map((s) => ({ itemId: s.item_id, serialNumber: s.serial_number })),
      });
      return;
    case 'complete':
    case 'cancel':
      await moveOrder(ctx, tx, { ...move, set: { closedAt: now } });
      return;
    default:
      await moveOrder(ctx, tx, move);
  }
}

function reasonOf(request: MoveRequest) {
  if (request.reason) return request.reason;
  throw new ProtocolError(Codes.validation, 'Required', [{ path: 'reason', message: 'Required' }]);
}

async function storeSerials(
  tx: Transaction,
  orderId: string,
  serials: MoveRequest['serials'],
): Promise<void> {
  await refuseForeignItems(tx, orderId, serials);
  for (const { item_id, serial_number } of serials) {
    await tx
      .update(deviceOrderItems)
      .set({ serialNumber: serial_number })
      .where(eq(deviceOrderItems.id, item_id));
  }
}

/** 10400 naming each serial whose item is not one of this order's. */
async function refuseForeignItems(tx: Transaction, orderId: string, serials: MoveRequest['serials']) {
  if (serials.length === 0) return;
  const items = await tx
    .select({ id: deviceOrderItems.id })
    .from(deviceOrderItems)
    .where(eq(deviceOrderItems.orderId, orderId));
  const own = new Set(items.map((item) => item.id));
  const errors: FieldError[] = serials.flatMap((serial, index) =>
    own.has(serial.item_id)
      ? []
      : [{ path: `serials.${index}.item_id`, message: 'Not an item of this order' }],
  );
  if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
}
