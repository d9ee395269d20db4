import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { IntakeResourceName } from '@portal/protocol';
import type { PortalClient, SignupInput } from '@portal/protocol/testing';
import { openDatabase } from '../src/db/database.ts';
import { SAMPLE_INTAKE } from './intake-samples.ts';
import type { ProcessDatabase } from './server-process.ts';
import { linkToken } from './test-portal.ts';

export const PATIENT_PASSWORD = 'Reliability-test-2025';

/**
 * The newest mail in DATA_DIR/outbox addressed to `email`. Mail leaves through the server's queue
 * after the answer, so it is waited for (15 s at most).
 */
export async function lastMailTo(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort();
    const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
    const mail = mails.findLast((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email}`);
}

/** A patient signed up through the API and verified through the link in the outbox mail. */
export async function signUpPatient(
  client: PortalClient,
  dataDir: string,
  email: string,
  person: Partial<Omit<SignupInput, 'email'>> = {},
): Promise<PortalClient> {
  const password = person.password ?? PATIENT_PASSWORD;
  await client.handshake();
  await client.signup({
    email,
    password,
    first_name: 'Rel',
    last_name: 'Iability',
    date_of_birth: '1961-02-03',
    agree_terms: true,
    locale: 'gb',
    ...person,
  });
  await client.verifyEmail(linkToken(await lastMailTo(dataDir, email), '/auth/verify-email'));
  await client.login(email, password);
  return client;
}

/**
 * Where each intake resource carries a marker string: a save writes `v<version it creates>`,
 * so a value read back names the save that produced it, and must match the version beside it.
 */
const MARKED: Record<IntakeResourceName, (mark: string) => Record<string, unknown>> = {
  profile: (mark) => ({ ...SAMPLE_INTAKE.profile, preferred_name: mark }),
  contact: (mark) => {
    const contact = SAMPLE_INTAKE.contact as { address: Record<string, unknown> };
    return { ...SAMPLE_INTAKE.contact, address: { ...contact.address, line2: mark } };
  },
  emergency_content: (mark) => {
    const [first] = (SAMPLE_INTAKE.emergency_content as { contacts: Record<string, unknown>[] }).contacts;
    return { contacts: [{ ...first, name: `Sam ${mark}` }] };
  },
  treating_practitioner: (mark) => ({ ...SAMPLE_INTAKE.treating_practitioner, practice: mark }),
  medical_history: (mark) => ({ ...SAMPLE_INTAKE.medical_history, notes: mark }),
};

export const MARKED_RESOURCES = Object.keys(MARKED) as IntakeResourceName[];

export const markedValue = (name: IntakeResourceName, version: number) => MARKED[name](`v${version}`);

/** The marker a stored value carries (the inverse of `markedValue`). */
export function markOf(value: unknown): string | undefined {
  return /"(?:Sam )?(v\d+)"/.exec(JSON.stringify(value))?.[1];
}

/** A sealed intake save; undefined when the connection failed (the node is gone). */
export async function saveIntake(
  client: PortalClient,
  name: IntakeResourceName,
  version: number,
): Promise<number | undefined> {
  const answer = await client
    .send({
      method: 'POST',
      path: `/patient/${name}/`,
      body: { version, value: markedValue(name, version + 1) },
      encrypt: true,
    })
    .catch(() => undefined);
  return answer?.status;
}

/**
 * Consistency checks straight on the database, after the node is stopped: every stored file
 * belongs to a template, an assignment or a signed version, every signed assignment has its
 * file and version row, and every assignment's status is the one its last move (not a view) led to.
 */
export async function documentInvariantViolations(db: ProcessDatabase): Promise<string[]> {
  const handle = await openDatabase(
    db.env.DATABASE_URL ? { url: db.env.DATABASE_URL } : { dataDir: db.dataDir },
  );
  try {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    const orphans = await rows(sql`
      select f.id::text as id from document_files f
      where not exists (select 1 from document_template_editions t where t.file_id = f.id)
        and not exists (select 1 from document_assignments a where a.signed_file_id = f.id)
        and not exists (select 1 from document_versions v where v.file_id = f.id)`);
    const signedWithoutFile = await rows(sql`
      select a.id::text as id from document_assignments a
      where a.status = 'signed' and (a.signed_file_id is null
        or not exists (select 1 from document_versions v where v.assignment_id = a.id and v.file_id = a.signed_file_id))`);
    const unsignedWithFile = await rows(sql`
      select a.id::text as id from document_assignments a
      where a.status = 'pending_signature' and a.signed_file_id is not null`);
    const statusOffHistory = await rows(sql`
      select a.id::text as id from document_assignments a
      where a.status is distinct from (
        select e.to_status from document_events e
        where e.assignment_id = a.id and e.to_status is not null order by e.id desc limit 1)`);
    return [
      ...orphans.map((id) => `orphan file ${id}`),
      ...signedWithoutFile.map((id) => `signed without file ${id}`),
      ...unsignedWithFile.map((id) => `pending with a signed file ${id}`),
      ...statusOffHistory.map((id) => `status differs from last event ${id}`),
    ];
  } finally {
    await handle.close();
  }
}
