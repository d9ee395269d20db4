import { sql, type SQL } from 'drizzle-orm';
import {
  BF_ADL_INSTRUMENT,
  DOCUMENT_DUE_SOON_DAYS,
  ORDER_OVERDUE_DAYS,
  PROOF_OVERDUE_HOURS,
  RENTAL_ENDING_DAYS,
  type OrderQueue,
  type WorklistQueue,
  type WorklistSort,
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
 * order, a resupply prompt, a conversation) with the columns every queue shares (what a queue
 * lacks is null); its page is sorted by `at`, then by `tie`, the column that tells items of the
 * same time apart, both in one direction, so that one index on the two serves either sort
 * without reading every item of a crowded instant (orderOf). Only patients have
 * hand-ins, assessments and documents (a caregiver-only account has none, decision 0032, and the
 * BF-ADL schedule holds patients only), so only the conversations, which an account may have
 * begun before it became caregiver-only, need the users table; the caller joins names to a
 * page's rows only.
 */
export interface QueueSql {
  source: SQL;
  tie: SQL;
  /** Shown newest first when the caller picks no sort. */
  newestFirst?: true;
}

/** How a queue's page is sorted: by waiting time, oldest first unless the queue or caller says otherwise. */
export function orderOf({ tie, newestFirst }: QueueSql, sort: WorklistSort | undefined): SQL {
  const direction = (sort ?? (newestFirst ? 'newest' : 'oldest')) === 'newest' ? sql`desc` : sql`asc`;
  return sql`q.at ${direction}, ${tie} ${direction}`;
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
        tie: sql`q.order_id`,
      };
    case 'deliveries_today': {
      const today = sql`(date_trunc('day', ${at(now)} at time zone ${CLINIC_TIME_ZONE}) at time zone ${CLINIC_TIME_ZONE})`;
      return {
        source: sql`select o.patient_id, o.delivery_starts_at as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status in ('delivery_scheduled', 'out_for_delivery')
            and o.delivery_starts_at >= ${today} and o.delivery_starts_at < ${today} + interval '1 day'`,
        tie: sql`q.order_id`,
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
        tie: sql`q.order_id`,
      };
    case 'resupplies_due':
      return {
        source: sql`select rp.patient_id, rp.eligible_at as at, ${orderColumns},
            rp.order_id, rp.id as prompt_id
          from resupply_prompts rp
          where rp.answered_at is null and rp.eligible_at <= ${at(now)}`,
        tie: sql`q.prompt_id`,
      };
    case 'rentals_ending':
      return {
        source: sql`select o.patient_id, o.rental_ends_at as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status = 'in_rental'
            and o.rental_ends_at <= ${at(new Date(now.getTime() + RENTAL_ENDING_DAYS * DAY_MS))}`,
        tie: sql`q.order_id`,
      };
    case 'orders_overdue':
      return {
        source: sql`select o.patient_id, o.approved_at as at, ${orderColumns},
            o.id as order_id, null::uuid as prompt_id
          from device_orders o
          where o.status in ('approved', 'delivery_scheduled') and o.dispatched_at is null
            and o.approved_at < ${at(new Date(now.getTime() - ORDER_OVERDUE_DAYS * DAY_MS))}`,
        tie: sql`q.order_id`,
      };
  }
}

/** The two intake queues, kept per patient by migration 0014's triggers on hand-ins and reviews. */
function intakeQueue(queue: 'intake_new' | 'intake_resubmitted'): QueueSql {
  return {
    source: sql`select iq.user_id as patient_id, iq.at, ${none} from intake_queue iq where iq.queue = ${queue}`,
    tie: sql`q.patient_id`,
  };
}

/**
 * A document's title in the clinic's base language. A subquery rather than a join: a count never
 * reads it, so counting stays on the queue's index.
 */
const titleOf = sql`(select t.title from document_template_editions t
  where t.version_id = a.template_version_id and t.language = 'gb') as title`;

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
        tie: sql`q.patient_id`,
      };
    case 'bf_adl_flagged':
      return {
        source: sql`select l.user_id as patient_id, l.submitted_at as at, ${none}
          from assessment_latest l where l.instrument = ${bfAdl.id} and l.flagged`,
        tie: sql`q.patient_id`,
        newestFirst: true,
      };
    case 'documents_due_soon':
      return {
        source: sql`select a.patient_id, a.due_at as at, a.id as assignment_id, a.version, ${titleOf},
            a.due_at, null::bytea as reason_enc, null::int as unread, null::boolean as never_answered, ${noOrder}
          from document_assignments a
          where a.status = 'pending_signature' and a.due_at > ${at(now)}
            and a.due_at <= ${at(new Date(now.getTime() + DOCUMENT_DUE_SOON_DAYS * DAY_MS))}`,
        tie: sql`q.assignment_id`,
      };
    case 'declined_documents':
      return {
        // A declined document leaves the queue once re-sent or withdrawn (cancelled).
        source: sql`select a.patient_id, a.updated_at as at, a.id as assignment_id, a.version, ${titleOf},
            a.due_at, a.rejection_reason_enc as reason_enc, null::int as unread, null::boolean as never_answered,
            ${noOrder}
          from document_assignments a
          where a.status = 'rejected'
            and not exists (select 1 from document_assignments r where r.resent_from_id = a.id)`,
        tie: sql`q.assignment_id`,
        newestFirst: true,
      };
    case 'unread_messages':
      return {
        // A conversation waits from its oldest unread message: the unread messages are walked by
        // time and each is kept only if none older is unread in its conversation, so the page
        // reads a few messages instead of grouping every unread one.
        source: sql`select th.patient_id, m.created_at as at, null::uuid as assignment_id,
            null::int as version, null::text as title, null::timestamptz as due_at, null::bytea as reason_enc,
            (select count(*)::int from messages c
              where c.thread_id = m.thread_id and c.author = 'patient' and c.read_at is null) as unread,
            null::boolean as never_answered, ${noOrder}, m.id as first_unread_id
          from messages m join message_threads th on th.id = m.thread_id
          where m.author = 'patient' and m.read_at is null
            and not exists (select 1 from messages o
              where o.thread_id = m.thread_id and o.author = 'patient' and o.read_at is null
                and (o.created_at, o.id) < (m.created_at, m.id))
            and not exists (select 1 from users p where p.id = th.patient_id and not p.is_patient)`,
        tie: sql`q.first_unread_id`,
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
