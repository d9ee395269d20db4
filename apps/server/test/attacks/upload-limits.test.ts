import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient, PortalResponse } from '@portal/protocol/testing';
import { makePdf } from '../../testing/documents.ts';
import { SAMPLE_COVERAGE } from '../../testing/intake-samples.ts';
import { pdfObjectBomb, randomAfterPdfHeader, randomPdfWithTrailer } from '../../testing/hostile-files.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';
import { recordsFingerprint } from '../../testing/attacks.ts';

/**
 * A hostile PDF must not hold the event loop: 5 MB of random bytes after `%PDF-1.7`, sent as an
 * insurance card, kept every other client of the node waiting 13-17 s while pdf-lib scanned it.
 * The parse now runs in the worker pool with a time and a memory limit, after a structural check
 * on the loop. The portal runs in this process, so the test's own reads and timers share the
 * server's event loop: a stalled loop stalls them too.
 */
const JOB_SECONDS = 2;
const JOB_MEMORY_MB = 64;

async function patientWithCoverage(t: TestPortal): Promise<PortalClient> {
  const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  return patient;
}

const sendCard = (patient: PortalClient, bytes: Buffer) =>
  patient.send({
    method: 'POST',
    path: '/patient/insurance/card/',
    body: {
      insurance_type: SAMPLE_COVERAGE.insurance_type,
      side: 'front',
      content_base64: bytes.toString('base64'),
    },
    encrypt: true,
  });

describe('a hostile PDF upload and the event loop', () => {
  let t: TestPortal;
  let patient: PortalClient;
  beforeAll(async () => {
    t = await startTestPortal({ env: { WORKER_JOB_SECONDS: String(JOB_SECONDS) } });
    patient = await patientWithCoverage(t);
  });
  afterAll(() => t.close());

  it('refuses random bytes after %PDF-1.7 at once, by its structure, changing nothing', async () => {
    const before = await recordsFingerprint(t);
    const answer = await sendCard(patient, randomAfterPdfHeader());
    expect([answer.status, answer.body]).toEqual([
      415,
      {
        code: 10415,
        message: 'File type is incorrect: a PDF must end with startxref and %%EOF within its last 1024 bytes',
      },
    ]);
    expect(await recordsFingerprint(t)).toBe(before);
  });

  it("answers another client's reads while the parser judges a hostile PDF, then refuses it past its time limit", async () => {
    const reader = t.client();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const before = await recordsFingerprint(t);
    const started = performance.now();
    loop.enable();
    let answer: PortalResponse | undefined;
    const upload = sendCard(patient, randomPdfWithTrailer()).then((a) => {
      answer = a;
      return performance.now();
    });
    const reads: number[] = [];
    while (answer === undefined) {
      const config = await reader.send({ method: 'GET', path: '/public/config/' });
      expect(config.status).toBe(200);
      if (answer === undefined) reads.push(performance.now());
    }
    const answered = await upload;
    loop.disable();

    expect([answer.status, answer.body]).toEqual([
      415,
      { code: 10415, message: `File type is incorrect: reading the PDF took more than ${JOB_SECONDS} s` },
    ]);
    // Reads kept completing through the second half of the upload's wait, when the old code was
    // deep in pdf-lib's scan and answered nobody.
    const halfway = started + (answered - started) / 2;
    expect(reads.filter((at) => at > halfway).length).toBeGreaterThan(0);
    // The loop's longest stall is a small part of the upload's wait (with the old code it was
    // nearly all of it).
    expect(loop.max / 1e6).toBeLessThan((answered - started) / 4);
    expect(await recordsFingerprint(t)).toBe(before);
  });
});

describe('a PDF that needs more memory than a job may have', () => {
  let t: TestPortal;
  let patient: PortalClient;
  beforeAll(async () => {
    t = await startTestPortal({ env: { WORKER_JOB_MEMORY_MB: String(JOB_MEMORY_MB) } });
    patient = await patientWithCoverage(t);
  });
  afterAll(() => t.close());

  it('is refused with 10415 saying so, and the next upload is judged by a fresh thread', async () => {
    const before = await recordsFingerprint(t);
    const answer = await sendCard(patient, pdfObjectBomb());
    expect([answer.status, answer.body]).toEqual([
      415,
      {
        code: 10415,
        message: `File type is incorrect: reading the PDF needed more than ${JOB_MEMORY_MB} MB`,
      },
    ]);
    expect(await recordsFingerprint(t)).toBe(before);

    const next = await sendCard(patient, Buffer.from(await makePdf(1)));
    expect(next.status).toBe(200);
  });
});
