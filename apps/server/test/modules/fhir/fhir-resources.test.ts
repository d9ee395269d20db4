import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MedplumClient } from '@medplum/core';
import type {
  Binary,
  Bundle,
  CapabilityStatement,
  Coverage,
  Resource,
  ResourceType,
} from '@medplum/fhirtypes';
import { INTAKE_RESOURCE_NAMES, type AuditPage } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, documentAssignments, users } from '../../../src/db/schema/index.ts';
import { SERVED_TYPES } from '../../../src/modules/fhir/index.ts';
import { answersTotalling, saveAssessment, submission } from '../../../testing/assessment.ts';
import { addPatient, signDrawn } from '../../../testing/documents.ts';
import { fhirBearer } from '../../../testing/fhir.ts';
import { validateFhir } from '../../../testing/fhir-validator.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE } from '../../../testing/intake-samples.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

let t: TestPortal;
let patientId: string;
let bearer: Awaited<ReturnType<typeof fhirBearer>>;
let medplum: MedplumClient;

const api = (path: string) => `${t.baseUrl}/fhir/R4/${path}`;
const get = (path: string, headers: Record<string, string> = bearer.headers) => fetch(api(path), { headers });
/** Links name the portal's public address; the test server listens elsewhere. */
const local = (url: string) => url.replace(t.portal.ctx.config.publicUrl, t.baseUrl);

async function searchAll(path: string): Promise<{ bundles: Bundle[]; resources: Resource[] }> {
  const bundles: Bundle[] = [];
  let url: string | undefined = api(path);
  while (url) {
    const res = await fetch(url, { headers: bearer.headers });
    expect(res.status, url).toBe(200);
    const bundle = (await res.json()) as Bundle;
    bundles.push(bundle);
    const next = bundle.link?.find((l) => l.relation === 'next')?.url;
    url = next && local(next);
  }
  return { bundles, resources: bundles.flatMap((b) => (b.entry ?? []).map((e) => e.resource!)) };
}

beforeAll(async () => {
  t = await startTestPortal();
  const patient: PortalClient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const [row] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_PATIENT.email));
  patientId = row!.id;
  for (const name of INTAKE_RESOURCE_NAMES) {
    const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
    await patient.post(`/patient/${name}/`, { version, value: SAMPLE_INTAKE[name] }, { encrypt: true });
  }
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  expect((await saveAssessment(patient, submission(answersTotalling(85)))).status).toBe(200);
  // The demo seed sends the demo patient a document to sign.
  const [pending] = await t.portal.ctx.db
    .select()
    .from(documentAssignments)
    .where(
      and(eq(documentAssignments.patientId, patientId), eq(documentAssignments.status, 'pending_signature')),
    );
  await patient.get('/patient/sign/', { id: pending!.id });
  await signDrawn(patient, pending!.id);

  bearer = await fhirBearer(t, ['system/*.rs']);
  medplum = new MedplumClient({ baseUrl: `${t.baseUrl}/`, fhirUrlPath: 'fhir/R4', fetch });
  medplum.setAccessToken(bearer.token);
});
afterAll(() => t.close());

describe('the FHIR API', () => {
  it('answers its CapabilityStatement without a token, listing every served type and the token endpoint', async () => {
    const res = await fetch(api('metadata'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/fhir+json');
    const statement = (await res.json()) as CapabilityStatement;
    expect(() => validateFhir(statement)).not.toThrow();
    expect(statement).toMatchObject({ fhirVersion: '4.0.1', format: ['json'] });
    const rest = statement.rest![0]!;
    expect(rest.resource!.map((r) => r.type)).toEqual(SERVED_TYPES.map((s) => s.type));
    expect(rest.resource!.find((r) => r.type === 'Patient')!.searchParam!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['_id', '_lastUpdated', 'identifier', 'name', 'birthdate', 'email']),
    );
    expect(rest.security!.service![0]!.coding![0]!.code).toBe('SMART-on-FHIR');
    expect(JSON.stringify(rest.security!.extension)).toContain('/fhir/R4/auth/token');
  });

  it("reads and searches every type of the demo patient's record with a third-party client; all validate", async () => {
    for (const { type } of SERVED_TYPES) {
      const query =
        type === 'Patient' ? { _id: patientId } : type === 'Questionnaire' ? {} : { patient: patientId };
      const found = await medplum.searchResources(type as ResourceType, query, { cache: 'no-cache' });
      expect(found.length, type).toBeGreaterThan(0);
      expect(found.bundle.total, type).toBe(found.length);
      for (const resource of found) {
        expect(() => validateFhir(resource), JSON.stringify(resource)).not.toThrow();
        const read = await medplum.readResource(type as ResourceType, resource.id!, { cache: 'no-cache' });
        expect(read, `${type}/${resource.id}`).toEqual(resource);
      }
      for (const entry of found.bundle.entry ?? []) {
        expect(entry.search?.mode).toBe('match');
        expect(entry.fullUrl).toBe(`${t.portal.ctx.config.publicUrl}/fhir/R4/${type}/${entry.resource!.id}`);
      }
    }
  });

  it("answers the same resources, with the same ids, as the patient's own export", async () => {
    const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const exported = await patient.get<Bundle>('/patient/export/fhir/');
    for (const entry of exported.entry ?? []) {
      const { resourceType, id } = entry.resource!;
      if (!SERVED_TYPES.some((s) => s.type === resourceType)) continue;
      const res = await get(`${resourceType}/${id}`);
      expect(res.status, entry.fullUrl).toBe(200);
      expect(await res.json()).toEqual(entry.resource);
    }
  });

  it('answers a signed PDF as its raw bytes or as a Binary with base64 data, as the client asks', async () => {
    const [reference] = await medplum.searchResources('DocumentReference', { patient: patientId });
    const url = reference!.content[0]!.attachment.url!;
    const raw = await get(url, { authorization: bearer.headers.authorization!, accept: 'application/pdf' });
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const json = (await (await get(url)).json()) as Binary;
    expect(json).toMatchObject({ resourceType: 'Binary', contentType: 'application/pdf' });
    expect(Buffer.from(json.data!, 'base64')).toEqual(bytes);
  });

  it('pages with _count=1 through next links to the end, for one patient and across every patient', async () => {
    const whole = await searchAll(`Observation?patient=${patientId}`);
    const paged = await searchAll(`Observation?patient=Patient/${patientId}&_count=1`);
    expect(paged.bundles.length).toBe(whole.resources.length);
    expect(paged.resources.map((r) => r.id)).toEqual(whole.resources.map((r) => r.id));
    expect(paged.bundles.every((b) => b.total === whole.resources.length)).toBe(true);

    await addPatient(t);
    const everyone = await searchAll('Patient?_count=1');
    expect(everyone.bundles[0]!.total).toBe(everyone.resources.length);
    expect(everyone.resources.map((r) => r.id)).toContain(patientId);
    const coverages = await searchAll('Coverage?_count=1');
    const ids = coverages.resources.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`${patientId}-coverage-${SAMPLE_COVERAGE.insurance_type}`);
  });

  it('filters by _lastUpdated with its prefixes', async () => {
    const [coverage] = await medplum.searchResources('Coverage', { patient: patientId });
    const at = coverage!.meta!.lastUpdated!;
    const ids = async (query: string) =>
      (
        await searchAll(`Coverage?patient=${patientId}&_lastUpdated=${encodeURIComponent(query)}`)
      ).resources.map((r) => r.id);
    expect(await ids(`ge${at}`)).toEqual([coverage!.id]);
    expect(await ids(`eq${at}`)).toEqual([coverage!.id]);
    expect(await ids(`gt${at}`)).toEqual([]);
    expect(await ids(`lt${at}`)).toEqual([]);
    expect(await ids(`le${at.slice(0, 10)}`)).toEqual([coverage!.id]);
    expect(await ids('lt2000-01-01')).toEqual([]);
    const patients = await searchAll(`Patient?_lastUpdated=lt2000-01-01`);
    expect(patients.bundles[0]!.total).toBe(0);
    const recent = await searchAll(`Patient?_id=${patientId}&_lastUpdated=ge2000-01-01`);
    expect(recent.resources.map((r) => r.id)).toEqual([patientId]);
  });

  it('finds patients by part of a name, e-mail, birth date and identifier, and never staff', async () => {
    const [account] = await t.portal.ctx.db.select().from(users).where(eq(users.id, patientId));
    const idsOf = async (query: string) => (await searchAll(`Patient?${query}`)).resources.map((r) => r.id);
    expect(await idsOf(`name=${account!.lastName.slice(1, 4).toUpperCase()}`)).toContain(patientId);
    expect(await idsOf(`email=${DEMO_PATIENT.email.toUpperCase()}`)).toEqual([patientId]);
    expect(await idsOf('birthdate=1958-04-12')).toEqual([patientId]);
    expect(await idsOf('birthdate=1958-04-13')).toEqual([]);
    const [patient] = await medplum.searchResources('Patient', { _id: patientId });
    const identifier = patient!.identifier![0]!;
    expect(
      await idsOf(`identifier=${encodeURIComponent(`${identifier.system}|${identifier.value}`)}`),
    ).toEqual([patientId]);
    expect(await idsOf(`identifier=${identifier.value}`)).toEqual([patientId]);
    expect(await idsOf(`email=${DEMO_ADMIN.email}`)).toEqual([]);
  });

  it('ignores an unknown parameter and says what it applied, unless the client asks for strict handling', async () => {
    const res = await get(`Patient?_id=${patientId}&colour=blue`);
    const bundle = (await res.json()) as Bundle;
    expect(bundle.total).toBe(1);
    const self = bundle.link!.find((l) => l.relation === 'self')!.url;
    expect(self).toContain(`_id=${patientId}`);
    expect(self).not.toContain('colour');
    const strict = await fetch(api(`Patient?colour=blue`), {
      headers: { ...bearer.headers, prefer: 'handling=strict' },
    });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'invalid' }],
    });
    const tooMany = `_id=${Array.from({ length: 201 }, (_, n) => n).join(',')}`;
    for (const bad of [
      '_count=0',
      '_lastUpdated=yesterday',
      'birthdate=12-04-1958',
      '_cursor=nope',
      tooMany,
    ]) {
      expect((await get(`Patient?${bad}`)).status, bad).toBe(400);
    }
  });

  it('refuses without a token (401) and outside the scopes (403), as OperationOutcomes', async () => {
    expect((await fetch(api(`Patient/${patientId}`))).status).toBe(401);
    const patientsOnly = await fhirBearer(t, ['system/Patient.rs']);
    const coverage = await get(`Coverage?patient=${patientId}`, patientsOnly.headers);
    expect(coverage.status).toBe(403);
    expect(await coverage.json()).toMatchObject({ issue: [{ code: 'forbidden' }] });
    expect((await get(`Patient/${patientId}`, patientsOnly.headers)).status).toBe(200);
    const readOnly = await fhirBearer(t, ['system/Patient.r']);
    expect((await get(`Patient?_id=${patientId}`, readOnly.headers)).status).toBe(403);
    expect((await get(`Patient/${patientId}`, readOnly.headers)).status).toBe(200);
  });

  it('answers 404 for an unknown id, a staff account, and an id of another patient or another type', async () => {
    const other = await addPatient(t);
    const otherCoverage = `${other.id}-coverage-medicare`;
    const [admin] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const [response] = await medplum.searchResources('QuestionnaireResponse', { patient: patientId });
    for (const path of [
      `Coverage/${otherCoverage}`,
      `Coverage/${patientId}-coverage-medicaid`,
      `Coverage/${crypto.randomUUID()}`,
      `Coverage/${response!.id}`,
      `Patient/${admin!.id}`,
      'Patient/not-a-uuid',
      'Patient/x'.padEnd(80, 'x'),
      'Questionnaire/unknown-1',
      'Organization/1',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({
        resourceType: 'OperationOutcome',
        issue: [{ code: 'not-found' }],
      });
    }
    const foreign = await searchAll(`Coverage?patient=${patientId}&_id=${otherCoverage}`);
    expect(foreign.bundles[0]!.total).toBe(0);
    expect((await searchAll(`Coverage?patient=${admin!.id}`)).bundles[0]!.total).toBe(0);
  });

  it('audits each read and search with the client as actor and each patient in the answer as subject', async () => {
    const auditor = await fhirBearer(t, ['system/*.rs'], 'Audited EHR');
    const rowsOf = () =>
      t.portal.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, auditor.clientId));
    await get(`Coverage/${patientId}-coverage-${SAMPLE_COVERAGE.insurance_type}`, auditor.headers);
    const other = await addPatient(t);
    await get(`Patient?_id=${patientId},${other.id}`, auditor.headers);
    const rows = await rowsOf();
    expect(rows.map((r) => [r.action, r.subjectId]).sort()).toEqual(
      [
        ['fhir.read', patientId],
        ['fhir.search', patientId],
        ['fhir.search', other.id],
      ].sort(),
    );
    const read = rows.find((r) => r.action === 'fhir.read')!;
    expect(read.detail).toEqual({
      client: 'Audited EHR',
      type: 'Coverage',
      id: `${patientId}-coverage-${SAMPLE_COVERAGE.insurance_type}`,
      count: 1,
    });
    expect(rows.find((r) => r.action === 'fhir.search')!.detail).toMatchObject({
      client: 'Audited EHR',
      type: 'Patient',
      count: 2,
    });
    const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const viewed = await admin.get<AuditPage>('/admin/audit/', { actor: auditor.clientId });
    expect(viewed.items).toHaveLength(3);
    for (const item of viewed.items) {
      expect(item.actor).toEqual({ id: auditor.clientId, email: null, name: 'Audited EHR' });
    }
  });

  it("exports one patient's served resources by type and since a time, as the bulk export takes them", async () => {
    const { patientResourcesForExport } = await import('../../../src/modules/fhir/index.ts');
    const { ctx } = t.portal;
    const all = await patientResourcesForExport(ctx, ctx.db, patientId, {});
    const types = new Set(all.map((r) => r.resourceType));
    expect([...types].sort()).toEqual(
      SERVED_TYPES.map((s) => s.type)
        .filter((type) => type !== 'Questionnaire')
        .sort(),
    );
    const coverages = await patientResourcesForExport(ctx, ctx.db, patientId, { types: ['Coverage'] });
    expect(coverages.map((r) => (r as Coverage).subscriberId)).toEqual([SAMPLE_COVERAGE.member_id]);
    const since = new Date(Date.parse(coverages[0]!.meta!.lastUpdated!));
    const later = await patientResourcesForExport(ctx, ctx.db, patientId, { types: ['Coverage'], since });
    expect(later).toEqual([]);
  });
});

describe('the FHIR API rate limit', () => {
  let limited: TestPortal;
  beforeAll(async () => {
    limited = await startTestPortal({ env: { FHIR_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 as an OperationOutcome once a client passes its limit, counting each client apart', async () => {
    const first = await fhirBearer(limited, ['system/*.rs'], 'Busy EHR');
    const second = await fhirBearer(limited, ['system/*.rs'], 'Quiet EHR');
    const call = (headers: Record<string, string>) =>
      fetch(`${limited.baseUrl}/fhir/R4/Questionnaire`, { headers });
    for (let n = 0; n < 3; n++) expect((await call(first.headers)).status).toBe(200);
    const refused = await call(first.headers);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'throttled' }],
    });
    expect((await call(second.headers)).status).toBe(200);
    limited.clock.advance(61_000);
    expect((await call(first.headers)).status).toBe(200);
  });
});
