import { and, eq } from 'drizzle-orm';
import { Codes, ProtocolError, type orderMessageRequest } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deviceOrders } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { postPatientMessage } from '../messages/index.ts';
import { itemRows } from './order-view.ts';

/**
 * `POST /patient/orders/message/`: "I need supplies" or "report a fault" goes to the clinic in the
 * patient's conversation, which the order then names as its thread. The message starts with the
 * item's code and name, so the clinic knows which order it is about.
 */
export async function messageAboutOrder(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof orderMessageRequest>,
): Promise<{ thread_id: string }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: deviceOrders.id, threadId: deviceOrders.threadId })
      .from(deviceOrders)
      .where(and(eq(deviceOrders.id, request.id), eq(deviceOrders.patientId, actor.patientId)));
    if (!order) throw new ProtocolError(Codes.itemsNotFound);
    const [first] = await itemRows(tx, [order.id]);
    const about = first ? `[${first.view.hcpcs} ${first.view.name.gb}] ` : '';
    const threadId = await postPatientMessage(ctx, tx, actor, `${about}${request.text}`);
    if (order.threadId !== threadId)
      await tx.update(deviceOrders).set({ threadId }).where(eq(deviceOrders.id, order.id));
    await recordAudit(tx, actor.meta, {
      action: 'order.message',
      outcome: 'success',
      actorId: actor.patientId,
      subjectId: actor.patientId,
      target: `device_orders:${order.id}`,
      detail: { thread: threadId },
    });
    return { thread_id: threadId };
  });
}
