import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../src/db/database.ts';

/**
 * The worklist bench's device orders, `orderCount` of them spread over `patients` (a subquery
 * `p` with each patient's `id` and number `n`) by set-based SQL. Order k belongs to patient
 * 1 + k mod the patient count; k mod 100 picks its status, so each rule holds a stable share:
 *
 * 3 draft, 3 submitted, 8 on hold (one to two open holds, six reasons), 6 approved (over the last
 * 30 days: half overdue), 5 delivery scheduled (windows from two days ago to a week ahead, a
 * fifth of them today), 2 out for delivery, 20 delivered, 10 in rental (months 1 to 13 of 13), 2
 * return scheduled, 3 returned, 33 completed, 5 cancelled. Every order that left the desk once
 * had three slots offered and a cleared hold one time in ten; 1 in 33 delivered orders has no
 * signed proof; 1 in 5 delivered or completed has a resupply prompt (eligible from a month ago to
 * three months ahead, half of the past ones answered).
 */
export async function seedWorklistOrders(
  db: Queryable,
  patients: SQL,
  patientCount: number,
  orderCount: number,
): Promise<void> {
  const catalogue = (
    (await db.execute(sql`insert into catalogue_items (hcpcs, category, name_gb, name_cn, supply, rental_months, resupply_days)
      values ('E0143', 'mobility', 'Walker', '助行器', 'purchase', null, null),
        ('K0001', 'mobility', 'Wheelchair', '轮椅', 'rental', 13, null),
        ('E0601', 'respiratory', 'CPAP device', '持续气道正压呼吸机', 'rental', 13, null),
        ('A7030', 'supplies', 'CPAP full face mask', '全脸面罩', 'purchase', null, 90),
        ('E0250', 'bedroom', 'Hospital bed', '护理床', 'rental', 13, null),
        ('E0240', 'bathroom', 'Bath seat', '沐浴椅', 'purchase', null, null)
      returning id, supply`)) as unknown as { rows: { id: string; supply: string }[] }
  ).rows;
  const purchases = catalogue.filter((c) => c.supply === 'purchase').map((c) => c.id);
  const rentals = catalogue.filter((c) => c.supply === 'rental').map((c) => c.id);
  const uuids = (ids: string[]) =>
    sql`array[${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`;

  const status = sql`case
    when k % 100 < 3 then 'draft' when k % 100 < 6 then 'submitted' when k % 100 < 14 then 'on_hold'
    when k % 100 < 20 then 'approved' when k % 100 < 25 then 'delivery_scheduled'
    when k % 100 < 27 then 'out_for_delivery' when k % 100 < 47 then 'delivered'
    when k % 100 < 57 then 'in_rental' when k % 100 < 59 then 'return_scheduled'
    when k % 100 < 62 then 'returned' when k % 100 < 95 then 'completed' else 'cancelled' end`;
  // How far along: each order's days since approval, by its number (0–399).
  await db.execute(sql`insert into device_orders (patient_id, status, created_at, updated_at, submitted_at,
      approved_at, delivery_starts_at, delivery_ends_at, dispatched_at, delivered_at, rental_started_at, closed_at)
    select p.id, o.status, o.created, o.created, o.created,
      case when o.status in ('draft', 'submitted', 'on_hold', 'cancelled') then null
        when o.status = 'approved' then now() - (o.k % 30) * interval '1 day'
        when o.status = 'delivery_scheduled' then now() - (o.k % 25) * interval '1 day'
        else o.created + interval '2 days' end,
      case when o.status = 'delivery_scheduled'
          then date_trunc('day', now()) + (o.k % 10 - 2) * interval '1 day' + (8 + o.k % 9) * interval '1 hour'
        when o.status = 'out_for_delivery' then now() - (o.k % 3) * interval '1 day' - interval '3 hours'
        when o.status in ('approved', 'draft', 'submitted', 'on_hold', 'cancelled') then null
        else o.created + interval '5 days' end,
      case when o.status = 'delivery_scheduled'
          then date_trunc('day', now()) + (o.k % 10 - 2) * interval '1 day' + (10 + o.k % 9) * interval '1 hour'
        when o.status = 'out_for_delivery' then now() - (o.k % 3) * interval '1 day' - interval '1 hour'
        when o.status in ('approved', 'draft', 'submitted', 'on_hold', 'cancelled') then null
        else o.created + interval '5 days 2 hours' end,
      case when o.status in ('draft', 'submitted', 'on_hold', 'approved', 'delivery_scheduled', 'cancelled') then null
        else o.created + interval '5 days' end,
      case when o.status in ('delivered', 'in_rental', 'return_scheduled', 'returned', 'completed')
        then o.created + interval '5 days' end,
      case when o.status in ('in_rental', 'return_scheduled', 'returned') then o.created + interval '5 days' end,
      case when o.status in ('completed', 'cancelled', 'returned') then o.created + interval '30 days' end
    from (select k, ${status} as status,
        now() - case when ${status} = 'in_rental' then (k % 13) * interval '1 month' + interval '5 days'
          else (k % 400 + 3) * interval '1 day' end as created
      from generate_series(1, ${orderCount}) k) o
      join ${patients} on p.n = 1 + o.k % ${patientCount}`);
  // The first item: a rented device for a rental, else any purchase; one order in five has a second.
  await db.execute(sql`insert into device_order_items (order_id, catalogue_item_id, quantity)
    select o.id, case when o.status in ('in_rental', 'return_scheduled', 'returned')
        then (${uuids(rentals)})[1 + abs(hashtext(o.id::text)) % ${rentals.length}]
        else (${uuids(purchases)})[1 + abs(hashtext(o.id::text)) % ${purchases.length}] end, 1
    from device_orders o`);
  await db.execute(sql`insert into device_order_items (order_id, catalogue_item_id, quantity)
    select o.id, (${uuids(purchases)})[1 + abs(hashtext(o.id::text || 'b')) % ${purchases.length}], 2
    from device_orders o where abs(hashtext(o.id::text)) % 5 = 0`);
  // Migration 0022's trigger fixes each rental's end from its items, as when a delivery starts it.
  await db.execute(
    sql`update device_orders set rental_started_at = rental_started_at where rental_started_at is not null`,
  );

  await db.execute(sql`insert into device_order_holds (order_id, reason, opened_at)
    select o.id, (array['prescription_needed', 'prior_authorisation_pending', 'insurance_issue',
        'assessment_needed', 'signature_needed', 'patient_unreachable'])[1 + abs(hashtext(o.id::text)) % 6],
      o.created_at + interval '1 hour'
    from device_orders o where o.status = 'on_hold'`);
  await db.execute(sql`insert into device_order_holds (order_id, reason, opened_at)
    select o.id, 'patient_unreachable', o.created_at + interval '2 days'
    from device_orders o where o.status = 'on_hold' and abs(hashtext(o.id::text)) % 4 = 0
      and abs(hashtext(o.id::text)) % 6 <> 5`);
  await db.execute(sql`insert into device_order_holds (order_id, reason, opened_at, cleared_at)
    select o.id, 'assessment_needed', o.created_at + interval '1 hour', o.approved_at
    from device_orders o where o.approved_at is not null and abs(hashtext(o.id::text)) % 10 = 1`);

  await db.execute(sql`insert into device_order_slots (order_id, starts_at, ends_at, offered_at)
    select o.id, o.approved_at + s * interval '1 day', o.approved_at + s * interval '1 day' + interval '2 hours', o.approved_at
    from device_orders o, generate_series(1, 3) s where o.approved_at is not null`);

  const fileId = (
    (await db.execute(sql`insert into document_files (id, mime, size, sha256, data_enc)
      values (gen_random_uuid(), 'application/pdf', 1, '00', '\\x00'::bytea) returning id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  await db.execute(sql`insert into device_deliveries (order_id, signed_file_id, details_enc, signed_at)
    select o.id, ${fileId}, '\\x00'::bytea, o.delivered_at
    from device_orders o where o.delivered_at is not null and abs(hashtext(o.id::text)) % 33 <> 7`);

  await db.execute(sql`insert into resupply_prompts (patient_id, order_id, eligible_at, answered_at)
    select o.patient_id, o.id, e.at, case when e.at < now() and abs(hashtext(o.id::text)) % 2 = 0 then e.at + interval '2 days' end
    from device_orders o
      cross join lateral (select now() + (abs(hashtext(o.id::text)) % 120 - 30) * interval '1 day' as at) e
    where o.status in ('delivered', 'completed') and abs(hashtext(o.id::text || 'r')) % 5 = 0
    on conflict (order_id) do nothing`);
  // Every other order whose resupply has come round was prompted and mailed when it did, as the
  // daily job does: a portal started on the seed meets no backlog of thousands of mails.
  await db.execute(sql`insert into resupply_prompts (patient_id, order_id, eligible_at, reminded_at)
    select o.patient_id, o.id, e.at, e.at
    from device_orders o
      cross join lateral (select o.delivered_at + make_interval(days => min(c.resupply_days)) as at
        from device_order_items i join catalogue_items c on c.id = i.catalogue_item_id
        where i.order_id = o.id) e
    where o.status in ('delivered', 'in_rental', 'completed') and e.at <= now()
    on conflict (order_id) do nothing`);
}
