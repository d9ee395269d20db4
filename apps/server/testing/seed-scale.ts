import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { BF_ADL_INSTRUMENT } from '@portal/protocol';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { Database } from '../src/db/database.ts';
import * as schema from '../src/db/schema/index.ts';
import { createPortal } from '../src/portal.ts';
import { definitionOf } from '../src/modules/assessment/index.ts';
import { dateOfBirthHash } from '../src/modules/patient/date-of-birth-hash.ts';
import { SAMPLE_INTAKE } from './intake-samples.ts';
import { seededPatients, seedWorklistRows, vacuumAnalyze } from './seed-worklist.ts';

/** Profiles are sealed in JavaScript and written this many at a time (one jsonb parameter each). */
const PROFILE_BATCH = 5_000;
const STAFF = 1_000;
const CAREGIVERS = 1_000;
const AUDIT_ROWS_PER_PATIENT = 50;
/** A signed consent form as stored: a scanned PDF of a few pages, encrypted (incompressible). */
const SIGNED_PDF_BYTES = 150 * 1024;
/** Staff and patient actions in the proportions a clinic's log shows them (reads dominate). */
const AUDIT_ACTIONS = [
  'login',
  'patient.read',
  'chart.read',
  'document.list',
  'messages.read',
  'login',
  'worklist.read',
  'chart.read',
  'document.download',
  'token.refresh',
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Each patient's profile sealed and its date of birth hashed as the portal's save does (decision 0041). */
async function seedProfiles(ctx: AppContext): Promise<void> {
  const patients = rowsOf<{ id: string; n: number }>(
    await ctx.db.execute(sql`select p.id, p.n from ${seededPatients}`),
  );
  for (let i = 0; i < patients.length; i += PROFILE_BATCH) {
    const batch = patients.slice(i, i + PROFILE_BATCH).map(({ id, n }) => ({
      user_id: id,
      data: Buffer.from(
        ctx.cipher.encryptJson(
          { ...SAMPLE_INTAKE.profile, date_of_birth: bornOn(n) },
          `patient:${id}:profile`,
        ),
      ).toString('hex'),
      hash: dateOfBirthHash(ctx, bornOn(n)),
    }));
    await ctx.db.execute(sql`insert into patient_resources
        (user_id, kind, data_enc, date_of_birth_hash, date_of_birth_hash_version)
      select r.user_id, 'profile', decode(r.data, 'hex'), r.hash, 1
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(user_id uuid, data text, hash text)`);
  }
}

/** Patient n's date of birth: spread over 1930–1989, so one date names a few patients per 10,000. */
export function bornOn(n: number): string {
  const day = new Date(Date.UTC(1930, 0, 1) + (n % 21_900) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

async function seedPeople(ctx: AppContext): Promise<void> {
  await ctx.db
    .execute(sql`insert into users (email, first_name, last_name, roles, email_verified_at, created_at, is_patient)
    select 'scale-staff-' || i || '@example.com', 'Staff', 'Member ' || i, '{admin}', now(),
      now() - (i % 700) * interval '1 day', false
    from generate_series(1, ${STAFF}) i`);
  await ctx.db
    .execute(sql`insert into users (email, first_name, last_name, roles, email_verified_at, created_at, is_patient)
    select 'scale-carer-' || i || '@example.com', 'Carer', 'Helper ' || i, '{user}', now(),
      now() - (i % 700) * interval '1 day', false
    from generate_series(1, ${CAREGIVERS}) i`);
}

/** Beside the worklist's latest answer, three older ones per patient who answered (opaque: no bench opens them). */
async function seedBfAdlHistory(ctx: AppContext): Promise<void> {
  const bfAdl = definitionOf(BF_ADL_INSTRUMENT);
  await ctx.db
    .execute(sql`insert into assessment_submissions (id, user_id, instrument, version, submitted_at, data_enc)
    select gen_random_uuid(), l.user_id, l.instrument, ${bfAdl.version}, l.submitted_at - k * interval '90 days',
      ${randomBytes(220)}::bytea
    from assessment_latest l, generate_series(1, 3) k where not l.flagged`);
}

/**
 * Three document assignments per patient with the worklist's: every other patient signed one
 * (its PDF stored, the same encrypted bytes copied), the rest expired or were cancelled.
 */
async function seedDocuments(ctx: AppContext): Promise<void> {
  const [template] = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select template_id as id from document_template_editions e
      join document_template_versions v on v.id = e.version_id where e.title = 'Consent to video visits'`),
  );
  const blob = randomBytes(SIGNED_PDF_BYTES);
  await ctx.db.execute(sql`insert into document_files (id, mime, size, sha256, data_enc)
    select md5('signed-' || p.id)::uuid, 'application/pdf', ${SIGNED_PDF_BYTES}, '00', ${blob}::bytea
    from ${seededPatients} where p.n % 2 = 0`);
  await ctx.db
    .execute(sql`insert into document_assignments (template_id, template_version_id, patient_id, status,
      edition, signed_file_id, created_at, updated_at)
    select ${template!.id}, ${template!.id}, p.id,
      case when k = 1 and p.n % 2 = 0 then 'completed' when k = 2 then 'cancelled' else 'expired' end,
      case when k = 1 and p.n % 2 = 0 then 'gb' end,
      case when k = 1 and p.n % 2 = 0 then md5('signed-' || p.id)::uuid end,
      now() - (30 + k * 60 + p.n % 30) * interval '1 day', now() - (20 + k * 60 + p.n % 30) * interval '1 day'
    from ${seededPatients}, generate_series(1, 3) k
    -- the worklist already sent one to patients 60–92 of every 100
    where k < 3 or p.n % 100 not between 60 and 92`);
}

/**
 * A year of audit rows, AUDIT_ROWS_PER_PATIENT per patient, written in time order as the log
 * grows: half the patient's own actions, half a staff member's on the patient.
 */
async function seedAudit(ctx: AppContext): Promise<void> {
  await ctx.db
    .execute(sql`insert into audit_log (at, actor_id, subject_id, action, target, outcome, ip, user_agent, request_id, detail)
    select at, case when k % 2 = 0 then p.id else s.ids[1 + (p.n * 31 + k) % array_length(s.ids, 1)] end, p.id,
      (${sql.raw(`array[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ')}]`)})[1 + k % ${AUDIT_ACTIONS.length}],
      'patient', 'success', '10.0.' || (p.n % 250) || '.' || (k % 250),
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      md5(p.n || '-' || k), case when k % 5 = 0 then jsonb_build_object('section', 'profile') end
    from ${seededPatients}, generate_series(1, ${AUDIT_ROWS_PER_PATIENT}) k,
      (select array_agg(id order by email) as ids from users where email like 'scale-staff-%') s,
      lateral (select now() - ((p.n * 7919 + k * 104729) % 31536000) * interval '1 second' as at) t
    order by at`);
}

/**
 * A clinic group of `patientCount` patients for the scale bench (PostgreSQL): the worklist
 * bench's clinic (seed-worklist.ts: intakes, BF-ADL, documents due, messages, orders), and
 * beside it a sealed profile per patient, three older BF-ADL answers per patient who answered,
 * 1,000 staff and 1,000 caregiver-only accounts, three document assignments per patient of which
 * one in two patients has a signed PDF of 150 KB, and 50 audit rows per patient over a year.
 * Returns the seconds each step took and the database's size when done.
 */
export async function seedScale(
  env: NodeJS.ProcessEnv,
  patientCount: number,
): Promise<{ seconds: Record<string, number>; databaseBytes: number }> {
  const config = loadConfig(env);
  if (!config.DATABASE_URL) throw new Error('The scale seed writes PostgreSQL only: set DATABASE_URL');
  const portal = await createPortal(config);
  // The portal's pool bounds each query at 10 s; writing a clinic group's rows takes longer.
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 1 });
  const seconds: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    seconds[name] = (performance.now() - started) / 1000;
  };
  try {
    const ctx: AppContext = { ...portal.ctx, db: drizzle({ client: pool, schema }) as unknown as Database };
    try {
      await step('worklist clinic', () => seedWorklistRows(ctx, patientCount, patientCount * 5));
      await step('profiles', () => seedProfiles(ctx));
      await step('staff and caregivers', () => seedPeople(ctx));
      await step('BF-ADL history', () => seedBfAdlHistory(ctx));
      await step('documents', () => seedDocuments(ctx));
      await step('audit log', () => seedAudit(ctx));
    } finally {
      await portal.close();
    }
    await step('vacuum analyze', () => vacuumAnalyze(config.DATABASE_URL));
    const [size] = rowsOf<{ bytes: string }>(
      await ctx.db.execute(sql`select pg_database_size(current_database()) as bytes`),
    );
    return { seconds, databaseBytes: Number(size!.bytes) };
  } finally {
    await pool.end();
  }
}
