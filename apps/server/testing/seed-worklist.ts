import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { BF_ADL_INSTRUMENT } from '@portal/protocol';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { createPortal } from '../src/portal.ts';
import { insertSubmission } from '../src/modules/assessment/assessment-queries.ts';
import { definitionOf } from '../src/modules/assessment/index.ts';
import { reasonContext } from '../src/modules/documents/views.ts';
import { seedWorklistOrders } from './seed-worklist-orders.ts';

const BATCH = 500;

/**
 * The seeded patients as a subquery `p`: each one's `id` and number `n` (1..patientCount), so each
 * rule picks a stable share of patients.
 */
export const seededPatients = sql`(select u.id, substring(u.email from 'bench-([0-9]+)@')::int as n
  from users u where u.email like 'bench-%') p`;

/**
 * The clinic's rows without the closing `vacuum analyze`, for a seeder that adds more
 * (seed-scale.ts); `seedWorklist` below describes the mix.
 */
export async function seedWorklistRows(
  ctx: AppContext,
  patientCount: number,
  orderCount: number,
): Promise<void> {
  const db = ctx.db;
  const bfAdl = definitionOf(BF_ADL_INSTRUMENT);
  await db.execute(sql`insert into users (email, first_name, last_name, roles, status, email_verified_at, created_at)
    select 'bench-' || i || '@example.com',
      (array['Maria','James','Wei','Fatima','John','Aiko','Olga','Pedro','Amara','Liam','Sofia','Chen'])[1 + i % 12],
      (array['Garcia','Smith','Wang','Khan','Johnson','Sato','Ivanova','Silva','Okafor','Brown','Rossi','Li'])[1 + (i / 12) % 12],
      '{user}', case when i % 50 = 0 then 'deactivated' else 'active' end, now(),
      now() - (i % 700) * interval '1 day'
    from generate_series(1, ${patientCount}) i`);
  const patients = seededPatients;
  const [reviewer] = (
    (await db.execute(sql`select id from users where roles @> array['admin'] limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;

  // Intake hand-ins (the snapshot is never opened by the worklist; an opaque blob stands in).
  await db.execute(sql`insert into intake_submissions (user_id, snapshot_enc, submitted_at)
    select p.id, '\\x00'::bytea, now() - (p.n % 60 + 5) * interval '1 day' from ${patients} where p.n % 100 < 60`);
  await db.execute(sql`insert into intake_reviews (user_id, submission_id, reviewer_id, outcome, sections, created_at)
    select s.user_id, s.id, ${reviewer!.id}, case when p.n % 100 between 45 and 54 then 'changes_requested' else 'reviewed' end,
      case when p.n % 100 between 45 and 54 then '{contact}'::text[] else '{}'::text[] end, s.submitted_at + interval '1 day'
    from intake_submissions s join ${patients} on p.id = s.user_id
    where p.n % 100 < 30 or p.n % 100 between 45 and 59`);
  await db.execute(sql`insert into intake_submissions (user_id, snapshot_enc, submitted_at)
    select p.id, '\\x00'::bytea, now() - interval '2 days' from ${patients}
    where p.n % 100 between 45 and 49 or p.n % 100 between 55 and 59`);
  await db.execute(sql`insert into intake_reviews (user_id, submission_id, reviewer_id, outcome, created_at)
    select s.user_id, s.id, ${reviewer!.id}, 'reviewed', now() - interval '1 day'
    from intake_submissions s join ${patients} on p.id = s.user_id
    where p.n % 100 between 55 and 59 and s.submitted_at > now() - interval '3 days'`);

  // BF-ADL: the newest submission per patient; the flagged ones get real, encrypted history,
  // which the worklist opens for the rows it shows.
  await db.execute(sql`insert into assessment_latest (user_id, instrument, submission_id, submitted_at, flagged)
    select p.id, ${bfAdl.id}, gen_random_uuid(),
      now() - case when p.n % 100 < 15 then (100 + p.n % 200) else p.n % 80 end * interval '1 day',
      p.n % 100 between 15 and 19
    from ${patients} where p.n % 100 < 70`);
  const flagged = (
    (await db.execute(sql`select user_id, submitted_at from assessment_latest where flagged`)) as unknown as {
      rows: { user_id: string; submitted_at: string | Date }[];
    }
  ).rows;
  const answers = Object.fromEntries(bfAdl.items.map((item) => [item.id, item.options[0]!.value]));
  for (const row of flagged) {
    const submittedAt = new Date(row.submitted_at);
    const base = { instrument: bfAdl.id, version: bfAdl.version, answers };
    await insertSubmission(ctx, db, row.user_id, {
      ...base,
      submittedAt: new Date(submittedAt.getTime() - 90 * 86_400_000),
      score: 85,
      band: 'moderate_dependency',
    });
    const id = await insertSubmission(ctx, db, row.user_id, {
      ...base,
      submittedAt,
      score: 55,
      band: 'severe_dependency',
    });
    await db.execute(sql`update assessment_latest set submission_id = ${id} where user_id = ${row.user_id}`);
  }

  // Documents: one consent form (its file an opaque blob: nobody opens it here).
  const fileId = randomUUID();
  await db.execute(
    sql`insert into document_files (id, mime, size, sha256, data_enc) values (${fileId}, 'application/pdf', 1, '00', '\\x00'::bytea)`,
  );
  const [template] = (
    (await db.execute(
      sql`insert into document_templates (kind) values ('signature') returning id`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  // Version 1, published, shares the template's id (as the migration of earlier templates does).
  await db.execute(sql`insert into document_template_versions (id, template_id, version, status, published_at)
    values (${template!.id}, ${template!.id}, 1, 'published', now())`);
  await db.execute(sql`insert into document_template_editions (version_id, language, title, file_id, page_count)
    values (${template!.id}, 'gb', 'Consent to video visits', ${fileId}, 1)`);
  await db.execute(sql`insert into document_assignments (template_id, template_version_id, patient_id, status, due_at, created_at, updated_at)
    select ${template!.id}, ${template!.id}, p.id, 'pending_signature', now() + (p.n % 30 + 1) * interval '1 day' - interval '1 hour',
      now() - interval '5 days', now() - interval '5 days'
    from ${patients} where p.n % 100 between 60 and 89`);
  const declined = (
    (await db.execute(sql`insert into document_assignments (template_id, template_version_id, patient_id, status, created_at, updated_at)
      select ${template!.id}, ${template!.id}, p.id, 'rejected', now() - interval '9 days', now() - (p.n % 9) * interval '1 day'
      from ${patients} where p.n % 100 between 90 and 92 returning id, patient_id`)) as unknown as {
      rows: { id: string; patient_id: string }[];
    }
  ).rows;
  for (let i = 0; i < declined.length; i += BATCH) {
    for (const row of declined.slice(i, i + BATCH)) {
      const reason = ctx.cipher.encrypt(
        Buffer.from('I would like to talk it through first.'),
        reasonContext(row.id),
      );
      await db.execute(
        sql`update document_assignments set rejection_reason_enc = ${reason} where id = ${row.id}`,
      );
    }
  }
  await db.execute(sql`insert into document_assignments (template_id, template_version_id, patient_id, status, resent_from_id, due_at, created_at, updated_at)
    select a.template_id, a.template_version_id, a.patient_id, 'pending_signature', a.id, now() + interval '20 days', now(), now()
    from document_assignments a join ${patients} on p.id = a.patient_id
    where a.status = 'rejected' and p.n % 100 = 90`);

  // Conversations: 8 in 100 patients wrote; 5 of them have one to three unread messages.
  await db.execute(sql`insert into message_threads (patient_id, last_message_at)
    select p.id, now() - (p.n % 10) * interval '1 hour' from ${patients} where p.n % 100 between 92 and 99`);
  await db.execute(sql`insert into messages (id, thread_id, author, author_id, body_enc, created_at, read_at)
    select gen_random_uuid(), t.id, 'patient', t.patient_id, '\\x00'::bytea,
      now() - (k + p.n % 10) * interval '1 hour',
      case when p.n % 100 >= 97 then now() else null end
    from message_threads t join ${patients} on p.id = t.patient_id, generate_series(1, 1 + p.n % 3) k`);

  await seedWorklistOrders(db, patients, patientCount, orderCount);
}

/**
 * As autovacuum leaves a clinic's database: statistics, and a visibility map so a count can read
 * an index alone (a table just bulk-written has none, and every count reads the heap). Run once
 * the seeding portal has closed: its background jobs hold transactions open, and no row newer than
 * an open transaction can be marked visible to all. Vacuumed beside them, 691 of the 5 million
 * audit rows' 172,050 pages were, and the count of `chart.read` read the heap 10,000 times
 * (p99 1.0-1.6 s against 81 ms).
 */
export async function vacuumAnalyze(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * The worklist bench's clinic: `patientCount` patients written with set-based SQL, not sign-ups,
 * in a realistic mix, into the database of the portal `env` configures (same database, same
 * master key as the portal that will serve it). Migrates and seeds the demo accounts first, as
 * the portal would. Run by bench/programs/seed-worklist.ts before the bench's portal starts.
 *
 * Per 100 patients: 60 handed in their intake (30 reviewed, 15 waiting, 10 asked for changes
 * of whom half handed in again, 5 reviewed twice); 70 answered the BF-ADL (15 of them more
 * than 90 days ago, 5 flagged); 30 have a document awaiting signature due over the next 30
 * days, 3 declined one (1 of those re-sent); 8 have a conversation, 5 with unread messages.
 * Beside them `orderCount` device orders in every status (seed-worklist-orders.ts).
 */
export async function seedWorklist(
  env: NodeJS.ProcessEnv,
  patientCount: number,
  orderCount = patientCount * 5,
): Promise<void> {
  const config = loadConfig(env);
  const portal = await createPortal(config);
  try {
    await seedWorklistRows(portal.ctx, patientCount, orderCount);
  } finally {
    await portal.close();
  }
  await vacuumAnalyze(config.DATABASE_URL);
}
