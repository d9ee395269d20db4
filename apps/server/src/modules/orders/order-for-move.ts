import { eq } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { Queryable } from '../../db/database.ts';
import { deviceOrders } from '../../db/schema/index.ts';
import type { OrderRow } from './order-view.ts';

/**
 * The order a write names, at the version its writer read: 10404 when there is no such order (or
 * it is another patient's, when `patientId` is given), 10409 when it changed since.
 */
export async function orderForMove(
  db: Queryable,
  request: { id: string; version: number },
  patientId?: string,
): Promise<OrderRow> {
  const [row] = await db.select().from(deviceOrders).where(eq(deviceOrders.id, request.id));
  if (!row || (patientId !== undefined && row.patientId !== patientId))
    throw new ProtocolError(Codes.itemsNotFound);
  if (row.version !== request.version) throw new ProtocolError(Codes.conflict);
  return row;
}
