import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MedplumClient } from '@medplum/core';
import type { Bundle, Patient, Resource } from '@medplum/fhirtypes';
import type { DocumentsPage, WebhookEndpointCreate } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { repoRoot } from '../../src/paths.ts';
import { signDrawn } from '../../testing/documents.ts';
import { freshPostgres, spawnPortal, type SpawnedPortal } from '../../testing/spawn-portal.ts';
import { DEMO_ADMIN, DEMO_PATIENT } from '../../testing/test-portal.ts';

/**
 * docs/integration.md, step by step, as an integration engineer on a fresh clone runs it: the
 * portal as its own process with its demo data, the commands the guide names, a third-party FHIR
 * client, the bulk export's files, and a webhook verified by the standardwebhooks library.
 */

const run = promisify(execFile);
/** The types docs/integration.md reads a patient's record by. */
const PATIENT_TYPES = [
  'Coverage',
  'AllergyIntolerance',
  'Condition',
  'MedicationStatement',
  'QuestionnaireResponse',
  'Observation',
  'DocumentReference',
  'Consent',
  'RelatedPerson',
  'DeviceRequest',
  'SupplyDelivery',
] as const;
let place: string;
let database: { url: string; drop(): Promise<void> } | undefined;
let env: Record<string, string>;
let portal: SpawnedPortal | undefined;
let fhirBase: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run -s <script> -- args` from the repository root, as the guide writes it. */
async function npmRun(script: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', script, '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    timeout: 170_000,
  });
  return stdout;
}

beforeAll(async () => {
  place = await mkdtemp(path.join(tmpdir(), 'portal-integration-'));
  database = process.env.DATABASE_URL ? await freshPostgres() : undefined;
  const port = await freePort();
  fhirBase = `http://127.0.0.1:${port}/fhir/R4`;
  env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORTAL_MASTER_KEY: 'c3'.repeat(32),
    JWT_SECRET: 'integration-guide-signing-secret-0123456789',
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: path.join(place, 'data') }),
  };
}, 180_000);

afterAll(async () => {
  await portal?.stop();
  await database?.drop();
  await rm(place, { recursive: true, force: true });
});

describe('docs/integration.md on a fresh portal', () => {
  let clientId: string;
  let token: string;
  let patient: Patient;

  it('registers a client with smart:keys and fhir:client, and gets a token with smart:token', async () => {
    await npmRun('smart:keys', ['--out', place]);
    // The embedded database belongs to one process: the guide registers before starting the
    // portal there, and beside the running nodes on PostgreSQL.
    if (database) portal = await spawnPortal(env);
    const added = await npmRun('fhir:client', [
      'add',
      '--name',
      'Clinic EHR',
      '--jwks-file',
      path.join(place, 'jwks.json'),
      '--scope',
      'system/*.rs',
    ]);
    clientId = (JSON.parse(added) as { client_id: string }).client_id;
    portal ??= await spawnPortal(env);

    const answer = JSON.parse(
      await npmRun('smart:token', [
        '--fhir',
        fhirBase,
        '--client-id',
        clientId,
        '--key',
        path.join(place, 'private.jwk.json'),
      ]),
    ) as { access_token: string; expires_in: number; scope: string; token_type: string };
    expect(answer).toMatchObject({ token_type: 'bearer', scope: 'system/*.rs' });
    expect(answer.expires_in).toBeLessThanOrEqual(300);
    token = answer.access_token;
  }, 400_000);

  it("reads the demo patient's whole record with Medplum's client", async () => {
    const fhir = new MedplumClient({ baseUrl: `${env.PUBLIC_URL}/`, fhirUrlPath: 'fhir/R4', fetch });
    fhir.setAccessToken(token);
    const found = (await fhir.searchResources('Patient', { email: DEMO_PATIENT.email })) as Patient[];
    expect(found).toHaveLength(1);
    patient = found[0]!;
    expect(patient.name?.[0]?.given).toEqual(['Pat']);
    const read = await fhir.readResource('Patient', patient.id!);
    expect(read.id).toBe(patient!.id);
    // Every patient-owned type the guide lists; the demo record holds its equipment.
    const counts: Record<string, number> = {};
    for (const type of PATIENT_TYPES) {
      counts[type] = (await fhir.searchResources(type, { patient: patient.id! })).length;
    }
    expect(counts.DeviceRequest).toBeGreaterThan(0);
    expect(counts.SupplyDelivery).toBeGreaterThan(0);
  });

  it('runs a bulk export and downloads its ndjson', async () => {
    const headers = { authorization: `Bearer ${token}`, accept: 'application/fhir+json' };
    const kickOff = await fetch(`${fhirBase}/Patient/$export?_type=Patient,DeviceRequest`, {
      headers: { ...headers, prefer: 'respond-async' },
    });
    expect(kickOff.status).toBe(202);
    const statusUrl = kickOff.headers.get('content-location')!;
    let status = await fetch(statusUrl, { headers });
    // The export runs on the node's background job; its status says when to ask again.
    while (status.status === 202) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      status = await fetch(statusUrl, { headers });
    }
    expect(status.status).toBe(200);
    const manifest = (await status.json()) as { output: { type: string; url: string }[] };
    expect(manifest.output.map((file) => file.type).sort()).toEqual(['DeviceRequest', 'Patient']);
    const patients = manifest.output.find((file) => file.type === 'Patient')!;
    const ndjson = await fetch(patients.url, { headers: { ...headers, accept: 'application/fhir+ndjson' } });
    expect(ndjson.headers.get('content-type')).toContain('application/fhir+ndjson');
    const lines = (await ndjson.text()).trim().split('\n');
    const resources = lines.map((line) => JSON.parse(line) as Resource);
    expect(resources.map((r) => r.id)).toContain(patient.id);
  }, 120_000);

  it('receives a signed webhook when the patient signs, verified with the standardwebhooks library', async () => {
    const admin = new PortalClient({ baseUrl: env.PUBLIC_URL! });
    await admin.handshake();
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const receiverPort = await freePort();
    const endpoint: WebhookEndpointCreate = {
      url: `http://127.0.0.1:${receiverPort}/`,
      description: 'Integration engine',
      events: ['document.signed'],
    };
    const { secret } = await admin.post<{ secret: string }>('/admin/webhooks/', endpoint, { encrypt: true });

    const receiver = spawn(
      'npm',
      ['run', '-s', 'webhooks:receive', '--', '--port', String(receiverPort), '--secret', secret],
      {
        cwd: repoRoot,
      },
    );
    let printed = '';
    const heard = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (pattern.test(printed) ? resolve() : undefined);
        receiver.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString('utf8');
          check();
        });
        receiver.stderr.on('data', (chunk: Buffer) => {
          printed += chunk.toString('utf8');
          check();
        });
        receiver.once('exit', () => reject(new Error(`the receiver stopped:\n${printed}`)));
      });
    try {
      const listening = heard(/Listening on/);
      await listening;
      const patientClient = new PortalClient({ baseUrl: env.PUBLIC_URL! });
      await patientClient.handshake();
      await patientClient.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
      const page = await patientClient.get<DocumentsPage>('/patient/documents/', {
        status: 'pending_signature',
      });
      const consent = page.items[0]!;
      const delivered = heard(/"verified":true.*document\.signed/);
      await signDrawn(patientClient, consent.id);
      await delivered;
      const line = printed.split('\n').find((l) => l.includes('document.signed'))!;
      const { event } = JSON.parse(line) as { event: { data: Record<string, string> } };
      expect(event.data).toEqual({ patient_id: patient.id, assignment_id: consent.id });
      expect(line).not.toContain(DEMO_PATIENT.email);

      const references = (await (
        await fetch(`${fhirBase}/DocumentReference?patient=${patient.id}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/fhir+json' },
        })
      ).json()) as Bundle;
      expect(references.entry?.map((e) => e.resource?.id)).toContain(consent.id);
    } finally {
      receiver.kill();
    }
  }, 120_000);
});
