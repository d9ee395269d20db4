import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PortalClient, type PortalResponse } from '@portal/protocol/testing';
import type { pageBoxesOfPdf } from '../../src/modules/documents/page-boxes.ts';
import { makePdf } from '../../testing/documents.ts';
import { SAMPLE_COVERAGE } from '../../testing/intake-samples.ts';
import { pdfObjectBomb, randomAfterPdfHeader, noisePdfWithTrailer } from '../../testing/hostile-files.ts';
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
    // As a serving node does on listening (main.ts): the thread has loaded its modules before an
    // upload waits for it; a first job shows it has.
    t.portal.ctx.workers.start();
    await t.portal.ctx.workers.run<typeof pageBoxesOfPdf>('pageBoxes', await makePdf(1));
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
    const before = await recordsFingerprint(t);
    // The upload is sealed (base64 and AES over 7 MB, seconds of this process's loop on a loaded
    // machine) before anything is measured, and held at the client's fetch until the reads start:
    // the test measures the server, not its own client.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sealed!: () => void;
    const sealing = new Promise<void>((resolve) => (sealed = resolve));
    const uploader = new PortalClient({
      baseUrl: t.baseUrl,
      fetch: async (input, init) => {
        sealed();
        await gate;
        return fetch(input, init);
      },
    });
    Object.assign(uploader, {
      uid: patient.uid,
      access: patient.access,
      refreshToken: patient.refreshToken,
      sharedSecret: patient.sharedSecret,
    });
    // When the server hands the parse to the pool and when the job ends there (its thread stopped).
    const job: { started?: number; ended?: number } = {};
    const workers = t.portal.ctx.workers;
    const run = workers.run.bind(workers);
    const spy = vi.spyOn(workers, 'run').mockImplementation((name, input) => {
      expect(name).toBe('checkPdf');
      job.started = performance.now();
      return run(name, input).finally(() => (job.ended = performance.now()));
    });

    let answer: PortalResponse | undefined;
    const upload = sendCard(uploader, noisePdfWithTrailer()).then((a) => (answer = a));
    await sealing;
    const reads: number[] = [];
    release();
    try {
      while (answer === undefined) {
        const config = await reader.send({ method: 'GET', path: '/public/config/' });
        expect(config.status).toBe(200);
        reads.push(performance.now());
      }
      await upload;
    } finally {
      spy.mockRestore();
    }

    expect([answer.status, answer.body]).toEqual([
      415,
      { code: 10415, message: `File type is incorrect: reading the PDF took more than ${JOB_SECONDS} s` },
    ]);
    // Reads kept completing while the job held its thread (at least its time limit): a portal
    // that parses on the loop, where the old code sat in pdf-lib's scan, answers nobody then.
    // Order, not speed: no ratio of wall-clock times that a loaded machine could upset.
    const { started, ended } = job;
    expect(started).toBeDefined();
    expect(ended).toBeDefined();
    const duringJob = reads.filter((at) => at > started! && at < ended!);
    expect(duringJob.length).toBeGreaterThanOrEqual(2);
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
