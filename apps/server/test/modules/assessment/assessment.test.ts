import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { type PortalClient } from '@portal/protocol/testing';
import { assessmentDrafts, assessmentSubmissions, auditLog } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import {
  answersTotalling,
  barthel,
  BF_ADL,
  newPatient,
  readAssessment,
  saveAssessment,
  signInAgain,
  submission,
  userIdOf,
} from '../../../testing/assessment.ts';
import { codeOf, pathsOf } from '../../../testing/answers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestPortal;
let patient: PortalClient;
let admin: PortalClient;
let patientId: string;
beforeAll(async () => {
  t = await startTestPortal();
  patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  patientId = await userIdOf(t, DEMO_PATIENT.email);
});
afterAll(() => t.close());

async function storedRows(userId: string) {
  const db = t.portal.ctx.db;
  const [submissions] = await db
    .select({ n: count() })
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.userId, userId));
  const drafts = await db.select().from(assessmentDrafts).where(eq(assessmentDrafts.userId, userId));
  return { submissions: submissions!.n, drafts: drafts.map((d) => Buffer.from(d.data).toString('hex')) };
}

/** Runs `body` with the clock moved forward, and moves it back after, so other tests keep real time. */
async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await body();
  } finally {
    t.clock.advance(-ms);
  }
}

describe('BF-ADL for the patient', () => {
  it('shows a new patient the Barthel form, with no draft or history, due now', async () => {
    const c = await newPatient(t, 'first-visit@example.com');
    const state = await readAssessment(c);
    expect(state.definition).toEqual(barthel);
    expect(state).toMatchObject({ draft: null, history: [], latest: null, due: true, next_due_at: null });
  });

  it('keeps a partial draft, encrypted at rest, and gives it back', async () => {
    const c = await newPatient(t, 'drafter@example.com');
    const answer = await saveAssessment(
      c,
      submission({ feeding: 'needs_help', stairs: 'unable' }, { draft: true }),
    );
    expect(answer.status).toBe(200);
    expect((answer.body as { salt?: string }).salt).toMatch(/^[A-Za-z]{16}$/);
    const state = await readAssessment(c);
    expect(state.draft).toMatchObject({
      version: barthel.version,
      answers: { feeding: 'needs_help', stairs: 'unable' },
    });
    expect(state.history).toEqual([]);

    const [row] = await t.portal.ctx.db
      .select()
      .from(assessmentDrafts)
      .where(eq(assessmentDrafts.userId, await userIdOf(t, 'drafter@example.com')));
    expect(Buffer.from(row!.data).toString('latin1')).not.toContain('needs_help');
  });

  it('scores a submission on the server, keeps the definition version, and clears the draft', async () => {
    const c = await newPatient(t, 'submitter@example.com');
    await saveAssessment(c, submission({ feeding: 'independent' }, { draft: true }));
    const answer = await saveAssessment(c, submission(answersTotalling(65)));
    expect(answer.status).toBe(200);
    const state = await readAssessment(c);
    expect(state.draft).toBeNull();
    expect(state.latest).toMatchObject({
      score: 65,
      band: 'moderate_dependency',
      version: barthel.version,
      answers: answersTotalling(65),
    });
    expect(state.history).toHaveLength(1);
    expect(state.due).toBe(false);
    const submittedAt = Date.parse(state.latest!.submitted_at);
    expect(Date.parse(state.next_due_at!)).toBe(submittedAt + barthel.due_interval_days * DAY_MS);

    const [row] = await t.portal.ctx.db
      .select()
      .from(assessmentSubmissions)
      .where(eq(assessmentSubmissions.userId, await userIdOf(t, 'submitter@example.com')));
    expect(row).toMatchObject({ instrument: 'barthel', version: barthel.version });
    const stored = Buffer.from(row!.data).toString('latin1');
    for (const secret of ['moderate_dependency', 'independent', '"score"'])
      expect(stored).not.toContain(secret);
  });

  const complete = answersTotalling(50);
  const { stairs: _, ...withoutStairs } = complete;
  it.each([
    ['an unknown item', submission({ ...complete, cooking: 'independent' }), ['answers.cooking']],
    ['an unknown option', submission({ ...complete, feeding: 'sometimes' }), ['answers.feeding']],
    ['a missing required item', submission(withoutStairs), ['answers.stairs']],
    ['an unknown option in a draft', submission({ bathing: 'partly' }, { draft: true }), ['answers.bathing']],
    ['an unknown item in a draft', submission({ hobby: 'x' }, { draft: true }), ['answers.hobby']],
    ['a score computed by the client', submission(answersTotalling(0), { score: 100 }), ['score']],
    ['a version that is not current', submission(complete, { version: barthel.version + 1 }), ['version']],
    ['an unknown instrument', { ...submission(complete), instrument: 'sf36' }, ['instrument']],
  ])('refuses %s with 10400 at its path and saves nothing', async (_label, body, paths) => {
    await saveAssessment(patient, submission({ grooming: 'independent' }, { draft: true }));
    const before = await storedRows(patientId);
    const answer = await saveAssessment(patient, body);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe(10400);
    expect(pathsOf(answer)).toEqual(paths);
    expect(await storedRows(patientId)).toEqual(before);
  });

  it('refuses answers sent as plain JSON instead of sealed, with 10400', async () => {
    const answer = await patient.send({
      method: 'POST',
      path: BF_ADL,
      body: submission(answersTotalling(50)),
    });
    expect(codeOf(answer)).toBe(10400);
    expect(pathsOf(answer)).toEqual(['data']);
  });

  it('bands totals either side of each boundary the steps of 5 can reach', async () => {
    const c = await newPatient(t, 'boundaries@example.com');
    const totals = [20, 25, 60, 65, 90, 95, 100];
    for (const total of totals)
      expect((await saveAssessment(c, submission(answersTotalling(total)))).status).toBe(200);
    const { history } = await readAssessment(c);
    expect(history.map((h) => [h.score, h.band])).toEqual([
      [20, 'total_dependency'],
      [25, 'severe_dependency'],
      [60, 'severe_dependency'],
      [65, 'moderate_dependency'],
      [90, 'moderate_dependency'],
      [95, 'slight_dependency'],
      [100, 'independent'],
    ]);
  });

  it('lists a submission made a week later after the first, and falls due again after 90 days', async () => {
    const c = await newPatient(t, 'weekly@example.com');
    await saveAssessment(c, submission(answersTotalling(40)));
    const state = await later(7 * DAY_MS, async () => {
      await signInAgain(c, 'weekly@example.com');
      expect((await saveAssessment(c, submission(answersTotalling(55)))).status).toBe(200);
      return readAssessment(c);
    });
    expect(state.history.map((h) => h.score)).toEqual([40, 55]);
    const [first, second] = state.history.map((h) => Date.parse(h.submitted_at));
    expect(second! - first!).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(second! - first!).toBeLessThan(7 * DAY_MS + 60_000);
    expect(state.latest).toMatchObject({ score: 55, band: 'severe_dependency' });
    expect(state.due).toBe(false);

    const dueAgain = await later((7 + barthel.due_interval_days) * DAY_MS, async () => {
      await signInAgain(c, 'weekly@example.com');
      return readAssessment(c);
    });
    expect(dueAgain.due).toBe(true);
  });

  it('shows each patient only their own assessments', async () => {
    const a = await newPatient(t, 'owner-a@example.com');
    const b = await newPatient(t, 'owner-b@example.com');
    await saveAssessment(a, submission(answersTotalling(80)));
    await saveAssessment(a, submission({ feeding: 'unable' }, { draft: true }));
    expect(await readAssessment(b)).toMatchObject({ history: [], latest: null, draft: null });
  });

  it('audits every read and write without putting answers or scores in the log', async () => {
    const c = await newPatient(t, 'audited@example.com');
    const userId = await userIdOf(t, 'audited@example.com');
    await readAssessment(c);
    await saveAssessment(c, submission({ feeding: 'unable' }, { draft: true }));
    await saveAssessment(c, submission(answersTotalling(35)));
    const rows = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, userId), like(auditLog.action, '%assessment%')))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.outcome, r.target])).toEqual([
      ['assessment.read', 'success', 'assessment:barthel'],
      ['assessment.draft', 'success', 'assessment:barthel'],
      ['assessment.submit', 'success', 'assessment:barthel'],
    ]);
    const written = { instrument: 'barthel', version: barthel.version };
    expect(rows.map((r) => r.detail)).toEqual([null, written, written]);
  });
});

describe('BF-ADL access (IDOR)', () => {
  it('refuses an administrator on the patient route with 10403', async () => {
    expect(codeOf(await admin.send({ method: 'GET', path: BF_ADL }))).toBe(10403);
    expect(codeOf(await saveAssessment(admin, submission(answersTotalling(50))))).toBe(10403);
  });
});
