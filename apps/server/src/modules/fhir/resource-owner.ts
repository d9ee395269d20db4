import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isUuid = (value: string) => UUID.test(value);

/**
 * The patient whose record holds the resource `id` names, or undefined. Every patient-owned id
 * starts with the uuid of its row (decision 0036): the patient's own account for the entries of
 * their intake, or an assessment submission, an ordered item, a document assignment or a
 * caregiver grant. Staff and caregiver-only accounts own nothing here.
 */
export async function ownerOfResourceId(db: Queryable, id: string): Promise<string | undefined> {
  const rowId = id.slice(0, 36);
  if (!isUuid(rowId)) return undefined;
  const result = await db.execute(sql`
    select owner.patient_id from (
      select ${rowId}::uuid as patient_id
      union all select user_id from assessment_submissions where id = ${rowId}::uuid
      union all select o.patient_id from device_order_items i
        join device_orders o on o.id = i.order_id where i.id = ${rowId}::uuid
      union all select patient_id from document_assignments where id = ${rowId}::uuid
      union all select patient_id from caregiver_grants where id = ${rowId}::uuid
    ) owner
    join users u on u.id = owner.patient_id
    where 'user' = any(u.roles) and u.is_patient
    limit 1`);
  return (result as unknown as { rows: { patient_id: string }[] }).rows[0]?.patient_id;
}
