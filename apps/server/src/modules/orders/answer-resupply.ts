import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Codes,
  ProtocolError,
  type resupplyAnswerRequest,
  type resupplyAnswerResult,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { catalogueItems, deviceOrderItems, deviceOrders, resupplyPrompts } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { createOrder } from './create-order.ts';
import { orderView } from './order-view.ts';

type ResupplyAnswer = z.output<typeof resupplyAnswerRequest>;

/**
 * `POST /patient/orders/resupply/`: the usual questions before a resupply ships (device-orders.md).
 * Still in use: the server orders the source order's resupplied items again, as the same
 * clinician's order, and submits it; its prerequisites hold it as any order. Not in use: nothing
 * is ordered. The prompt is claimed by a conditional UPDATE, so of two answers one wins and the
 * other answers 10409.
 */
export async function answerResupply(
  ctx: AppContext,
  actor: Actor,
  answer: ResupplyAnswer,
): Promise<z.infer<typeof resupplyAnswerResult>> {
  return ctx.db.transaction(async (tx) => {
    const [prompt] = await tx
      .select({
        id: resupplyPrompts.id,
        orderId: resupplyPrompts.orderId,
        answeredAt: resupplyPrompts.answeredAt,
        prescribedBy: deviceOrders.prescribedBy,
        prescribedAt: deviceOrders.prescribedAt,
      })
      .from(resupplyPrompts)
      .innerJoin(deviceOrders, eq(deviceOrders.id, resupplyPrompts.orderId))
      .where(and(eq(resupplyPrompts.id, answer.prompt_id), eq(resupplyPrompts.patientId, actor.patientId)));
    if (!prompt) throw new ProtocolError(Codes.itemsNotFound);
    if (prompt.answeredAt) throw new ProtocolError(Codes.conflict);
    const claimed = await tx
      .update(resupplyPrompts)
      .set({
        answeredAt: ctx.now(),
        answeredBy: actor.meta.onBehalf?.caregiverId ?? actor.userId,
        stillInUse: answer.still_in_use,
        condition: answer.condition,
      })
      .where(and(eq(resupplyPrompts.id, prompt.id), isNull(resupplyPrompts.answeredAt)))
      .returning({ id: resupplyPrompts.id });
    if (claimed.length === 0) throw new ProtocolError(Codes.conflict);
    const newOrderId = answer.still_in_use ? await orderAgain(ctx, tx, actor, prompt) : null;
    if (newOrderId) {
      await tx.update(resupplyPrompts).set({ newOrderId }).where(eq(resupplyPrompts.id, prompt.id));
    }
    await recordAudit(tx, actor.meta, {
      action: 'order.resupply_answer',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: actor.patientId,
      target: `device_orders:${prompt.orderId}`,
    });
    return {
      new_order: newOrderId ? await orderView(ctx, tx, newOrderId, { kind: 'patient' }) : null,
    };
  });
}

/** The source order's items that come round again, in the quantities delivered. */
async function orderAgain(
  ctx: AppContext,
  tx: Transaction,
  actor: Actor,
  source: { orderId: string; prescribedBy: string | null; prescribedAt: Date | null },
): Promise<string> {
  const items = await tx
    .select({ catalogueItemId: deviceOrderItems.catalogueItemId, quantity: deviceOrderItems.quantity })
    .from(deviceOrderItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .where(and(eq(deviceOrderItems.orderId, source.orderId), isNotNull(catalogueItems.resupplyDays)));
  return createOrder(ctx, tx, {
    patientId: actor.patientId,
    items,
    note: '',
    submit: true,
    prescribedBy: source.prescribedBy,
    prescribedAt: source.prescribedAt,
    createdBy: null,
    resupplyOf: source.orderId,
    actor: 'system',
    meta: actor.meta,
  });
}
