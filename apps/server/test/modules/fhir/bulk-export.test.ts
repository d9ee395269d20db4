import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patient, Resource } from '@medplum/fhirtypes';
import {
  auditLog,
  bulkExportFiles,
  bulkExports,
  patientResources,
  users,
} from '../../../src/db/schema/index.ts';
import { purgeGrowingTables } from '../../../src/jobs/purge-growing-tables.ts';
import { runBulkExports } from '../../../src/modules/fhir/index.ts';
import { fileContext, NdjsonFiles } from '../../../src/modules/fhir/bulk/ndjson-files.ts';
import { PATIENTS_PER_BATCH } from '../../../src/modules/fhir/bulk/run-bulk-exports.ts';
import { issueAccessToken } from '../../../src/modules/fhir/smart/access-tokens.ts';
import { fhirBearer } from '../../../testing/fhir.ts';
import { validateFhir } from '../../../testing/fhir-validator.ts';
import { SAMPLE_COVERAGE } from '../../../testing/intake-samples.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

const EVERYTHING = ['system/*.rs'];
const DAY_MS = 24 * 3_600_000;

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

let t: TestPortal;
let demoPatientId: string;
beforeAll(async () => {
  // The job never fires on its own here: each test runs it, so no export runs twice at once.
  t = await startTestPortal({ jobEveryMs: { 'bulk-export': 7 * DAY_MS } });
  const [demo] = await t.portal.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PATIENT.email));
  demoPatientId = demo!.id;
  const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
});
afterAll(() => t.close());

/** The URL the server names, on the test server (PUBLIC_URL is not where it listens). */
const local = (absolute: string) => {
  const url = new URL(absolute);
  return `${t.baseUrl}${url.pathname}${url.search}`;
};

async function kickOff(headers: Record<string, string>, query = '', path = 'Patient/$export') {
  return fetch(`${t.baseUrl}/fhir/R4/${path}${query}`, { headers: { ...headers, prefer: 'respond-async' } });
}

/** Kicks off, runs the job and answers the status URL and the completion manifest. */
async function exportAll(headers: Record<string, string>, query = '', path = 'Patient/$export') {
  const kicked = await kickOff(headers, query, path);
  expect(kicked.status, await kicked.clone().text()).toBe(202);
  const statusUrl = local(kicked.headers.get('content-location')!);
  await runBulkExports(t.portal.ctx);
  const status = await fetch(statusUrl, { headers });
  expect(status.status).toBe(200);
  return { statusUrl, manifest: (await status.json()) as Manifest };
}

async function download(headers: Record<string, string>, url: string): Promise<Resource[]> {
  const res = await fetch(local(url), { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/fhir+ndjson');
  const text = await res.text();
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Resource);
}

async function expectOutcome(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/fhir+json');
  expect(await res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code }] });
}

describe('Bulk Data $export', () => {
  it('runs an export of every patient off the request, into ndjson files of valid resources', async () => {
    const { clientId, headers } = await fhirBearer(t, EVERYTHING);
    const kicked = await kickOff(headers);
    expect(kicked.status).toBe(202);
    const statusUrl = local(kicked.headers.get('content-location')!);
    expect(kicked.headers.get('content-location')).toMatch(
      /^https?:\/\/.+\/fhir\/R4\/\$export-status\/[0-9a-f-]{36}$/,
    );

    const queued = await fetch(statusUrl, { headers });
    expect(queued.status).toBe(202);
    expect(queued.headers.get('x-progress')).toBe('queued');
    expect(Number(queued.headers.get('retry-after'))).toBeGreaterThan(0);

    await runBulkExports(t.portal.ctx);
    const done = await fetch(statusUrl, { headers });
    expect(done.status).toBe(200);
    const manifest = (await done.json()) as Manifest;
    expect(manifest).toMatchObject({ requiresAccessToken: true, error: [] });
    expect(manifest.request).toMatch(/\/fhir\/R4\/Patient\/\$export$/);
    expect(new Date(manifest.transactionTime).getTime()).not.toBeNaN();
    expect(manifest.output.length).toBeGreaterThan(0);

    const patients: Patient[] = [];
    for (const file of manifest.output) {
      const resources = await download(headers, file.url);
      expect(resources).toHaveLength(file.count);
      for (const resource of resources) {
        expect(resource.resourceType).toBe(file.type);
        expect(() => validateFhir(resource), JSON.stringify(resource)).not.toThrow();
        if (resource.resourceType === 'Patient') patients.push(resource);
      }
    }
    expect(
      patients.some((p) => p.name?.some((n) => n.family === 'Example' && n.given?.includes('Pat'))),
    ).toBe(true);
    const patientIds = new Set(patients.map((p) => p.id));
    const coverages = manifest.output.filter((f) => f.type === 'Coverage');
    expect(coverages).not.toEqual([]);
    for (const file of coverages) {
      for (const resource of await download(headers, file.url)) {
        const reference = (resource as { beneficiary?: { reference?: string } }).beneficiary?.reference;
        expect(reference).toMatch(/^Patient\//);
        expect(patientIds.has(reference!.slice('Patient/'.length))).toBe(true);
      }
    }

    const audits = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.export'), eq(auditLog.actorId, clientId)));
    expect(audits.map((row) => row.subjectId)).toContain(demoPatientId);
    expect(new Set(audits.map((row) => row.subjectId)).size).toBe(audits.length);
    expect(audits).toHaveLength(patients.length);
    for (const row of audits) expect(Object.keys(row.detail ?? {})).toEqual(['resources']);
  });

  it('exports only the types _type names, in every accepted ndjson format', async () => {
    for (const format of ['application/fhir+ndjson', 'application/ndjson', 'ndjson']) {
      const { headers } = await fhirBearer(t, EVERYTHING);
      const query = `?_type=Patient,Coverage&_outputFormat=${encodeURIComponent(format)}`;
      const { manifest } = await exportAll(headers, query);
      expect(new Set(manifest.output.map((f) => f.type))).toEqual(new Set(['Patient', 'Coverage']));
    }
  });

  it('exports without _type every type the scopes allow, and nothing else', async () => {
    const { headers } = await fhirBearer(t, ['system/Patient.rs', 'system/Coverage.r']);
    const { manifest } = await exportAll(headers);
    expect(manifest.output.map((f) => f.type)).toEqual(['Patient']);
  });

  it('refuses _type naming a type outside the scopes with 403', async () => {
    const { headers } = await fhirBearer(t, ['system/Patient.rs']);
    await expectOutcome(await kickOff(headers, '?_type=Patient,Coverage'), 403, 'forbidden');
  });

  it('refuses a kick-off without Prefer: respond-async, and bad parameters, with 400', async () => {
    const { headers } = await fhirBearer(t, EVERYTHING);
    await expectOutcome(await fetch(`${t.baseUrl}/fhir/R4/Patient/$export`, { headers }), 400, 'invalid');
    for (const query of [
      '?_outputFormat=text/csv',
      '?_since=yesterday',
      '?_since=2026-01-01',
      '?_type=Patient,Spaceship',
      '?_typeFilter=Patient%3Factive%3Dtrue',
    ]) {
      await expectOutcome(await kickOff(headers, query), 400, 'invalid');
    }
    const xml = await fetch(`${t.baseUrl}/fhir/R4/Patient/$export`, {
      headers: { ...headers, accept: 'application/fhir+xml', prefer: 'respond-async' },
    });
    await expectOutcome(xml, 400, 'invalid');
    const lenient = await fetch(`${t.baseUrl}/fhir/R4/Patient/$export?_elements=id`, {
      headers: { ...headers, prefer: 'respond-async, handling=lenient' },
    });
    expect(lenient.status).toBe(202);
    await runBulkExports(t.portal.ctx);
  });

  it('accepts _since as an instant and keeps it for the run', async () => {
    const { clientId, headers } = await fhirBearer(t, EVERYTHING);
    const since = '2026-01-31T09:00:00.000Z';
    const { manifest } = await exportAll(headers, `?_since=${encodeURIComponent(since)}`);
    expect(manifest.request).toContain('_since=');
    const [row] = await t.portal.ctx.db.select().from(bulkExports).where(eq(bulkExports.clientId, clientId));
    expect(row!.since?.toISOString()).toBe(since);
  });

  it('leaves out resources changed before _since, and brings back one changed after it', async () => {
    t.clock.advance(3_600_000);
    const since = encodeURIComponent(t.clock.now().toISOString());
    const typesOf = async () => {
      const { headers } = await fhirBearer(t, EVERYTHING);
      const { manifest } = await exportAll(headers, `?_type=Coverage&_since=${since}`);
      const files = await Promise.all(manifest.output.map((file) => download(headers, file.url)));
      return files.flat().map((r) => `${r.resourceType}/${r.id}`);
    };
    expect(await typesOf()).toEqual([]);

    t.clock.advance(3_600_000);
    const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const changed = { ...SAMPLE_COVERAGE, member_id: 'CHANGED-42' };
    await patient.post('/patient/insurance/', { version: 1, value: changed }, { encrypt: true });
    expect(await typesOf()).toHaveLength(1);
  });

  it('answers 429 with Retry-After to a second export while the first is queued', async () => {
    const { headers } = await fhirBearer(t, EVERYTHING);
    expect((await kickOff(headers)).status).toBe(202);
    const second = await kickOff(headers);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectOutcome(second, 429, 'throttled');
    await runBulkExports(t.portal.ctx);
    expect((await kickOff(headers)).status).toBe(202);
    await runBulkExports(t.portal.ctx);
  });

  it("answers 404 to another client's status, cancel and file", async () => {
    const owner = await fhirBearer(t, EVERYTHING);
    const stranger = await fhirBearer(t, EVERYTHING, 'Another EHR');
    const { statusUrl, manifest } = await exportAll(owner.headers);
    await expectOutcome(await fetch(statusUrl, { headers: stranger.headers }), 404, 'not-found');
    await expectOutcome(
      await fetch(statusUrl, { method: 'DELETE', headers: stranger.headers }),
      404,
      'not-found',
    );
    await expectOutcome(
      await fetch(local(manifest.output[0]!.url), { headers: stranger.headers }),
      404,
      'not-found',
    );
    await expectOutcome(
      await fetch(`${t.baseUrl}/fhir/R4/$export-file/not-an-id`, { headers: owner.headers }),
      404,
      'not-found',
    );
    expect((await fetch(statusUrl, { headers: owner.headers })).status).toBe(200);
  });

  it('removes an export and its files on DELETE, and cancels one still queued', async () => {
    const { clientId, headers } = await fhirBearer(t, EVERYTHING);
    const { statusUrl, manifest } = await exportAll(headers);
    expect((await fetch(statusUrl, { method: 'DELETE', headers })).status).toBe(202);
    await expectOutcome(await fetch(statusUrl, { headers }), 404, 'not-found');
    await expectOutcome(await fetch(local(manifest.output[0]!.url), { headers }), 404, 'not-found');

    const queued = local((await kickOff(headers)).headers.get('content-location')!);
    expect((await fetch(queued, { method: 'DELETE', headers })).status).toBe(202);
    expect(await runBulkExports(t.portal.ctx)).toBe(0);
    await expectOutcome(await fetch(queued, { headers }), 404, 'not-found');
    expect(
      await t.portal.ctx.db.select().from(bulkExports).where(eq(bulkExports.clientId, clientId)),
    ).toEqual([]);
  });

  it('reads the roster Group and exports it; an unknown group is 404', async () => {
    const { headers } = await fhirBearer(t, EVERYTHING);
    const group = await fetch(`${t.baseUrl}/fhir/R4/Group/roster`, { headers });
    expect(group.status).toBe(200);
    const body = (await group.json()) as Resource;
    expect(body).toMatchObject({ resourceType: 'Group', id: 'roster', type: 'person', actual: true });
    expect(() => validateFhir(body)).not.toThrow();
    await expectOutcome(await fetch(`${t.baseUrl}/fhir/R4/Group/clinicians`, { headers }), 404, 'not-found');
    await expectOutcome(await kickOff(headers, '', 'Group/clinicians/$export'), 404, 'not-found');
    const { manifest } = await exportAll(headers, '?_type=Patient', 'Group/roster/$export');
    expect(manifest.request).toMatch(/\/Group\/roster\/\$export\?_type=Patient$/);
    expect(manifest.output.map((f) => f.type)).toEqual(['Patient']);

    const patientsOnly = await fhirBearer(t, ['system/Patient.rs']);
    await expectOutcome(await kickOff(patientsOnly.headers, '', 'Group/roster/$export'), 403, 'forbidden');
  });

  it('reads the roster in batches: every patient once, with one audit row each', async () => {
    await t.portal.ctx.db.insert(users).values(
      Array.from({ length: PATIENTS_PER_BATCH + 7 }, (_, i) => ({
        email: `bulk-${i}@example.com`,
        passwordHash: 'no sign-in',
        firstName: 'Bulk',
        lastName: `Patient ${i}`,
      })),
    );
    const { clientId, headers } = await fhirBearer(t, EVERYTHING);
    const roster = (await (await fetch(`${t.baseUrl}/fhir/R4/Group/roster`, { headers })).json()) as {
      quantity: number;
    };
    expect(roster.quantity).toBeGreaterThan(PATIENTS_PER_BATCH);
    const { manifest } = await exportAll(headers, '?_type=Patient');
    const ids = (await Promise.all(manifest.output.map((f) => download(headers, f.url))))
      .flat()
      .map((p) => p.id);
    expect(ids).toHaveLength(roster.quantity);
    expect(new Set(ids).size).toBe(ids.length);
    const audits = await t.portal.ctx.db
      .select({ subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.export'), eq(auditLog.actorId, clientId)));
    expect(new Set(audits.map((row) => row.subjectId)).size).toBe(roster.quantity);
    expect(audits).toHaveLength(roster.quantity);
  });

  it('runs a queued export once when two runners look for work at the same moment', async () => {
    const { clientId, headers } = await fhirBearer(t, EVERYTHING);
    expect((await kickOff(headers, '?_type=Patient')).status).toBe(202);
    const ran = await Promise.all([runBulkExports(t.portal.ctx), runBulkExports(t.portal.ctx)]);
    expect(ran[0] + ran[1]).toBe(1);
    const [run] = await t.portal.ctx.db.select().from(bulkExports).where(eq(bulkExports.clientId, clientId));
    const files = await t.portal.ctx.db
      .select({ count: bulkExportFiles.count })
      .from(bulkExportFiles)
      .where(eq(bulkExportFiles.exportId, run!.id));
    expect(files.reduce((sum, file) => sum + file.count, 0)).toBe(run!.progress);
  });

  it('splits a type into files of at most the limit, each sealed to its export', () => {
    const files = new NdjsonFiles(t.portal.ctx, 'export-1', 2);
    files.add(Array.from({ length: 5 }, (_, i) => ({ resourceType: 'Patient' as const, id: `p${i}` })));
    files.add([{ resourceType: 'Coverage', id: 'c1', status: 'active', beneficiary: {}, payor: [{}] }]);
    const full = files.take(false);
    expect(full.map((f) => [f.resourceType, f.count])).toEqual([
      ['Patient', 2],
      ['Patient', 2],
    ]);
    const rest = files.take(true);
    expect(rest.map((f) => [f.resourceType, f.count])).toEqual([
      ['Patient', 1],
      ['Coverage', 1],
    ]);
    const last = rest[0]!;
    const text = t.portal.ctx.cipher
      .decrypt(last.content, fileContext('export-1', last.id!))
      .toString('utf8');
    expect(text).toBe('{"resourceType":"Patient","id":"p4"}\n');
    expect(() => t.portal.ctx.cipher.decrypt(last.content, fileContext('export-2', last.id!))).toThrow();
  });

  it('answers a failed export with 500 and an OperationOutcome, keeps none of its files, and logs no PHI', async () => {
    const [broken] = await t.portal.ctx.db
      .insert(users)
      .values({
        email: 'broken-record@example.com',
        passwordHash: 'no sign-in',
        firstName: 'Zebedee',
        lastName: 'Record',
      })
      .returning({ id: users.id });
    await t.portal.ctx.db
      .insert(patientResources)
      .values({ userId: broken!.id, kind: 'contact', data: new Uint8Array([1, 2, 3]) });
    try {
      const { headers } = await fhirBearer(t, EVERYTHING);
      const kicked = await kickOff(headers, '?_type=Patient');
      await runBulkExports(t.portal.ctx);
      const status = await fetch(local(kicked.headers.get('content-location')!), { headers });
      await expectOutcome(status, 500, 'exception');
      const failedId = kicked.headers.get('content-location')!.split('/').at(-1)!;
      const left = await t.portal.ctx.db
        .select({ id: bulkExportFiles.id })
        .from(bulkExportFiles)
        .where(eq(bulkExportFiles.exportId, failedId));
      expect(left).toEqual([]);
      expect(t.logs.join('')).not.toMatch(/Zebedee|broken-record/);
      expect((await kickOff(headers, '?_type=Patient')).status).toBe(202);
      await runBulkExports(t.portal.ctx);
    } finally {
      await t.portal.ctx.db.delete(users).where(eq(users.id, broken!.id));
    }
  });

  // Moves the clock a day on: keep it last.
  it('removes exports and their files 24 hours after the kick-off', async () => {
    const { clientId, headers } = await fhirBearer(t, EVERYTHING);
    const { statusUrl, manifest } = await exportAll(headers);
    t.clock.advance(DAY_MS + 60_000);
    const { accessToken } = await issueAccessToken(t.portal.ctx, clientId, EVERYTHING);
    const fresh = { ...headers, authorization: `Bearer ${accessToken}` };
    await expectOutcome(await fetch(statusUrl, { headers: fresh }), 404, 'not-found');
    await expectOutcome(await fetch(local(manifest.output[0]!.url), { headers: fresh }), 404, 'not-found');

    await purgeGrowingTables(t.portal.ctx);
    expect(
      await t.portal.ctx.db.select().from(bulkExports).where(eq(bulkExports.clientId, clientId)),
    ).toEqual([]);
    expect(await t.portal.ctx.db.select({ id: bulkExportFiles.id }).from(bulkExportFiles)).toEqual([]);
  });
});
