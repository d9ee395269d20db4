import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PortalClient } from '@portal/protocol/testing';
import { assessmentLatest } from '../../../src/db/schema/index.ts';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { judgeCarriedOverFlags } from '../../../src/modules/assessment/record-latest-submission.ts';
import { answersTotalling, BF_ADL, newPatient, submission, userIdOf } from '../../../testing/assessment.ts';

describe("each patient's newest submission, for the worklist", () => {
  let t: TestPortal;
  let patient: PortalClient;
  let id: string;
  const latest = async () =>
    (await t.portal.ctx.db.select().from(assessmentLatest).where(eq(assessmentLatest.userId, id)))[0];

  beforeAll(async () => {
    t = await startTestPortal();
    patient = await newPatient(t, 'latest@example.com');
    id = await userIdOf(t, 'latest@example.com');
  });
  afterAll(() => t.close());

  it('is written with every submission, flagged by the chart’s rule', async () => {
    await patient.post(BF_ADL, submission(answersTotalling(80)), { encrypt: true });
    expect(await latest()).toMatchObject({ instrument: 'barthel', flagged: false });
    await patient.post(BF_ADL, submission(answersTotalling(75)), { encrypt: true });
    expect((await latest())?.flagged).toBe(false);
    await patient.post(BF_ADL, submission(answersTotalling(60)), { encrypt: true });
    expect((await latest())?.flagged).toBe(true);
    // A draft changes nothing.
    await patient.post(BF_ADL, submission(answersTotalling(100), { draft: true }), { encrypt: true });
    expect((await latest())?.flagged).toBe(true);
  });

  it('judges at boot the rows migration 0013 carried over without a flag', async () => {
    await t.portal.ctx.db
      .update(assessmentLatest)
      .set({ flagged: null })
      .where(eq(assessmentLatest.userId, id));
    expect(await judgeCarriedOverFlags(t.portal.ctx)).toBe(1);
    expect((await latest())?.flagged).toBe(true);
    expect(await judgeCarriedOverFlags(t.portal.ctx)).toBe(0);
  });
});
