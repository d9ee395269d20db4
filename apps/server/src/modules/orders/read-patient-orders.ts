import { Codes, ProtocolError, type PatientOrders } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { isPatient } from '../patient/index.ts';
import { clearSatisfiedHolds } from './clear-satisfied-holds.ts';
import { orderViews, patientOrderRows } from './order-view.ts';
import { staffReader } from './staff-reader.ts';

/** `GET /admin/orders/?patient_id=`: a patient's orders on the clinic chart, newest first; audited. */
export async function readPatientOrders(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
): Promise<PatientOrders> {
  return ctx.db.transaction(async (tx) => {
    if (!(await isPatient(tx, patientId))) throw new ProtocolError(Codes.itemsNotFound);
    await clearSatisfiedHolds(ctx, tx, [patientId]);
    const rows = await patientOrderRows(tx, patientId);
    await recordAudit(tx, actor.meta, {
      action: 'order.list',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: patientId,
      target: 'device_orders',
      detail: { count: rows.length },
    });
    return { items: await orderViews(ctx, tx, rows, staffReader(actor)) };
  });
}
