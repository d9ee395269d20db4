import { sql, type SQL } from 'drizzle-orm';
import { BF_ADL_INSTRUMENT, DOCUMENT_DUE_SOON_DAYS, type WorklistQueue } from '@portal/protocol';
import { definitionOf } from '../../assessment/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One queue in SQL. `source` yields a row per patient needing attention with the columns
 * every queue shares (what a queue lacks is null); `order` sorts its page. Only patients have
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

const none = sql`null::uuid as assignment_id, null::int as version, null::text as title,
  null::timestamptz as due_at, null::bytea as reason_enc, null::int as unread, null::boolean as never_answered`;

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
            s.never_answered
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
            a.due_at, null::bytea as reason_enc, null::int as unread, null::boolean as never_answered
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
            a.due_at, a.rejection_reason_enc as reason_enc, null::int as unread, null::boolean as never_answered
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
            null::bytea as reason_enc, count(*)::int as unread, null::boolean as never_answered
          from messages m join message_threads th on th.id = m.thread_id
            join users u on u.id = th.patient_id and u.is_patient
          where m.author = 'patient' and m.read_at is null
          group by th.id, th.patient_id`,
        order: sql`q.at asc, q.patient_id`,
      };
  }
}
