import { eq, sql } from 'drizzle-orm';
import { assessmentState, currentInstrument, type Answers } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { users } from '../src/db/schema/index.ts';
import { loadDraft } from '../src/modules/assessment/assessment-queries.ts';
import type { TestPortal } from './test-portal.ts';

export const BF_ADL = '/patient/bf_adl/';
export const barthel = currentInstrument('barthel')!;

/** Answers whose Barthel total is `total` (a multiple of 5): each item as high as what is left allows. */
export function answersTotalling(total: number): Answers {
  let left = total;
  const answers: Answers = {};
  for (const item of barthel.items) {
    const option = [...item.options].reverse().find((o) => o.score <= left)!;
    answers[item.id] = option.value;
    left -= option.score;
  }
  if (left !== 0) throw new Error(`No Barthel answers total ${total}`);
  return answers;
}

export const readAssessment = async (c: PortalClient) => assessmentState.parse(await c.get(BF_ADL));

export const saveAssessment = (c: PortalClient, body: unknown) =>
  c.send({ method: 'POST', path: BF_ADL, body, encrypt: true });

export const submission = (answers: Answers, extra: Record<string, unknown> = {}) => ({
  instrument: 'barthel',
  version: barthel.version,
  answers,
  ...extra,
});

export async function userIdOf(t: TestPortal, email: string): Promise<string> {
  const [user] = await t.portal.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

/** The answers `email`'s BF-ADL draft holds on the server now (none without a draft). */
export async function draftAnswers(t: TestPortal, email: string): Promise<Answers> {
  const { ctx } = t.portal;
  const draft = await loadDraft(ctx, ctx.db, await userIdOf(t, email), barthel.id);
  return draft?.answers ?? {};
}

export const PATIENT_PASSWORD = 'Correct-horse-42';

/** A second, signed-in patient, so tests do not share history. */
export async function newPatient(t: TestPortal, email: string): Promise<PortalClient> {
  const c = t.client();
  await c.handshake();
  await c.signup({
    email,
    password: PATIENT_PASSWORD,
    first_name: 'Oli',
    last_name: 'Other',
    date_of_birth: '1950-01-01',
    agree_terms: true,
    locale: 'gb',
  });
  await t.portal.ctx.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
  await c.login(email, PATIENT_PASSWORD);
  return c;
}

/** Days later the handshake (24 h) and the tokens have expired: the patient signs in again. */
export async function signInAgain(c: PortalClient, email: string): Promise<void> {
  await c.handshake();
  await c.login(email, PATIENT_PASSWORD);
}
