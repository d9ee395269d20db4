import { and, eq } from 'drizzle-orm';
import { Codes, ProtocolError, type proofOfDeliveryFile } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { loadDocumentFile } from '../../db/document-files.ts';
import { deviceDeliveries, deviceOrders } from '../../db/schema/index.ts';
import { recordStandaloneAudit } from '../audit/index.ts';

/**
 * The signed proof of an order's delivery: the patient's own (`patientId`), or any patient's for
 * staff (null). No proof and another patient's order answer alike, 10404.
 */
export async function readProof(
  ctx: AppContext,
  orderId: string,
  patientId: string | null,
  readerId: string,
  meta: RequestMeta,
): Promise<z.infer<typeof proofOfDeliveryFile>> {
  const [proof] = await ctx.db
    .select({ fileId: deviceDeliveries.signedFileId, patientId: deviceOrders.patientId })
    .from(deviceDeliveries)
    .innerJoin(deviceOrders, eq(deviceOrders.id, deviceDeliveries.orderId))
    .where(
      and(
        eq(deviceDeliveries.orderId, orderId),
        patientId === null ? undefined : eq(deviceOrders.patientId, patientId),
      ),
    );
  if (!proof) throw new ProtocolError(Codes.itemsNotFound);
  const file = await loadDocumentFile(ctx, ctx.db, proof.fileId);
  await recordStandaloneAudit(ctx, meta, {
    action: 'order.proof_read',
    outcome: 'success',
    actorId: readerId,
    subjectId: proof.patientId,
    target: `device_orders:${orderId}`,
  });
  return {
    file_name: `proof-of-delivery-${orderId.slice(0, 8)}.pdf`,
    pdf_base64: file.bytes.toString('base64'),
  };
}
