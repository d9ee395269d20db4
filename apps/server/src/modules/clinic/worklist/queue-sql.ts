import { sql, type SQL } from 'drizzle-orm';
import {
  BF_ADL_INSTRUMENT,
  DOCUMENT_DUE_SOON_DAYS,
  ORDER_OVERDUE_DAYS,
  PROOF_OVERDUE_HOURS,
  RENTAL_ENDING_DAYS,
  type OrderQueue,
  type WorklistQueue,
} from '@portal/protocol';
import { definitionOf } from '../../assessment/index.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The clinic's day for "deliveries today". The portal keeps no time-zone setting (dates are shown
 * in UTC, as the chart summary does), so the clinic's day is the UTC day.
 */
const CLINIC_TIME_ZONE = 'UTC';

/**
 * One queue in SQL. `source` yields a row per item needing attention (a patient, a document, an
 * order, a resupply prompt) with the columns every queue shares (what a queue lacks is null); `order` sorts its page. Only patients have
 * hand-ins, assessments and documents (a caregiver-only account has none, decision 0032, and the
 * BF-ADL schedule holds patients only), so only the conversations, which an account may have
 * begun before it became caregiver-only, need the users table; the caller joins names to a
 * page's rows only.
 */
export interface QueueSql {
  source: SQL;
  order: SQL;
}

/** A time as a typed parameter, the same on PGlite and node-postgres. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** An order queue's row: the order and nothing of the other queues'. */
const orderColumns = sql`null::uuid as assignment_id, null::int as version, null::text as title,
  null::timestamptz as due_at, null::bytea as reason_enc, null::int as unread, null::boolean as never_answered`;
const noOrder = sql`null::uuid as order_id, null::uuid as prompt_id`;
const none = sql`${orderColumns}, ${noOrder}`;

/** The orders desk's queues (their definitions: clinic-worklist.ts, decision 0035). */
function orderQueue(queue: OrderQueue, now: Date): QueueSql {
  switch (queue) {
    case 'orders_on_hold':
      return {
        source: sql`select o.patient_id, o.held_since as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status = 'on_hold'`,
        order: sql`q.at asc, q.order_id`,
      };
    case 'deliveries_today': {
      const today = sql`(date_trunc('day', ${at(now)} at time zone ${CLINIC_TIME_ZONE}) at time zone ${CLINIC_TIME_ZONE})`;
      return {
        source: sql`select o.patient_id, o.delivery_starts_at as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status in ('delivery_scheduled', 'out_for_delivery')
            and o.delivery_starts_at >= ${today} and o.delivery_starts_at < ${today} + interval '1 day'`,
        order: sql`q.at asc, q.order_id`,
      };
    }
    case 'proofs_missing':
      return {
        // A delivery is proved by the signature at the door or, for a shipped item, the carrier's
        // confirmation the desk records (device-orders.md): either moves the order on. What stays
        // out for delivery past its window has neither.
        source: sql`select o.patient_id, o.delivery_ends_at as at,
            ${orderColumns}, o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status = 'out_for_delivery'
            and o.delivery_ends_at < ${at(new Date(now.getTime() - PROOF_OVERDUE_HOURS * HOUR_MS))}`,
        order: sql`q.at asc, q.order_id`,
      };
    case 'resupplies_due':
      return {
        source: sql`select rp.patient_id, rp.eligible_at as at, ${orderColumns},
            rp.order_id, rp.id as prompt_id
          from resupply_prompts rp
          where rp.answered_at is null and rp.eligible_at <= ${at(now)}`,
        order: sql`q.at asc, q.prompt_id`,
      };
    case 'rentals_ending':
      return {
        source: sql`select o.patient_id, o.rental_ends_at as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status = 'in_rental'
            and o.rental_ends_at <= ${at(new Date(now.getTime() + RENTAL_ENDING_DAYS * DAY_MS))}`,
        order: sql`q.at asc, q.order_id`,
      };
    case 'orders_overdue':
      return {
        source: sql`select o.patient_id, o.approved_at as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status in ('approved', 'delivery_scheduled') and o.dispatched_at is null
            and o.approved_at < ${at(new Date(now.getTime() - ORDER_OVERDUE_DAYS * DAY_MS))}`,
        order: sql`q.at asc, q.order_id`,
      };
  }
}

/** The two intake queues, kept per patient by migration 0014's triggers on hand-ins and reviews. */
function intakeQueue(queue: 'intake_new' | 'intake_resubmitted'): QueueSql {
  return {
    source: sql`select iq.user_id as patient_id, iq.at, ${none} from intake_queue iq where iq.queue = ${queue}`,
    order: sql`q.at asc, q.patient_id`,
  };
}

/** Everything the queues compare with the clock is fixed per request. */
export function queueSql(queue: WorklistQueue, now: Date): QueueSql {
  const bfAdl = definitionOf(BF_ADL_INSTRUMENT);
  switch (queue) {
    case 'intake_new':
    case 'intake_resubmitted':
      return intakeQueue(queue);
    case 'bf_adl_due':
      return {
        // Migration 0015's due time per active patient (never answered: due since sign-up).
        source: sql`select s.user_id as patient_id, s.due_at as at,
            null::uuid as assignment_id, null::int as version, null::text as title,
            null::timestamptz as due_at, null::bytea as reason_enc, null::int as unread,
            s.never_answered, ${noOrder}
          from bf_adl_schedule s where s.due_at <= ${at(now)}`,
        order: sql`q.at asc, q.patient_id`,
      };
    case 'bf_adl_flagged':
      return {
        source: sql`select l.user_id as patient_id, l.submitted_at as at, ${none}
          from assessment_latest l where l.instrument = ${bfAdl.id} and l.flagged`,
        order: sql`q.at desc, q.patient_id`,
      };
    case 'documents_due_soon':
      return {
        source: sql`select a.patient_id, a.due_at as at, a.id as assignment_id, a.version, t.title,
            a.due_at, null::bytea as reason_enc, null::int as unread, null::boolean as never_answered, ${noOrder}
          from document_assignments a
            join document_template_editions t on t.version_id = a.template_version_id and t.language = 'gb'
          where a.status = 'pending_signature' and a.due_at > ${at(now)}
            and a.due_at <= ${at(new Date(now.getTime() + DOCUMENT_DUE_SOON_DAYS * DAY_MS))}`,
        order: sql`q.at asc, q.assignment_id`,
      };
    case 'declined_documents':
      return {
        // A declined document leaves the queue once re-sent or withdrawn (cancelled).
        source: sql`select a.patient_id, a.updated_at as at, a.id as assignment_id, a.version, t.title,
            a.due_at, a.rejection_reason_enc as reason_enc, null::int as unread, null::boolean as never_answered,
            ${noOrder}
          from document_assignments a
            join document_template_editions t on t.version_id = a.template_version_id and t.language = 'gb'
          where a.status = 'rejected'
            and not exists (select 1 from document_assignments r where r.resent_from_id = a.id)`,
        order: sql`q.at desc, q.assignment_id`,
      };
    case 'unread_messages':
      return {
        source: sql`select th.patient_id, min(m.created_at) as at, null::uuid as assignment_id,
            null::int as version, null::text as title, null::timestamptz as due_at,
            null::bytea as reason_enc, count(*)::int as unread, null::boolean as never_answered, ${noOrder}
          from messages m join message_threads th on th.id = m.thread_id
          where m.author = 'patient' and m.read_at is null
            and not exists (select 1 from users u where u.id = th.patient_id and not u.is_patient)
          group by th.id, th.patient_id`,
        order: sql`q.at asc, q.patient_id`,
      };
    case 'orders_on_hold':
    case 'deliveries_today':
    case 'proofs_missing':
    case 'resupplies_due':
    case 'rentals_ending':
    case 'orders_overdue':
      return orderQueue(queue, now);
  }
}
