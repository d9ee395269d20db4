import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CHART_SECTIONS,
  WORKLIST_QUEUES,
  type CaregiverActivity,
  type CaregiversOverview,
  type FhirClientList,
  type WebhookEndpointList,
  type WebhookMessagePage,
} from '@portal/protocol';
import { migrationsDir } from '../../src/paths.ts';
import { writeReleaseFixture } from '../../testing/upgrade/fixture-writer.ts';
import {
  CLOCK_QUEUES,
  releaseFixtures,
  WEBHOOK_LOG_ROUTE,
  WORKLIST_ROUTE,
} from '../../testing/upgrade/manifest.ts';
import { SUBSCRIBED } from '../../testing/upgrade/fixture-integrations.ts';
import { DIGESTED_TABLES } from '../../testing/upgrade/table-digest.ts';

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let scratch: string | undefined;
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * `npm run fixtures:upgrade` runs only when a release adds its fixture: this runs its scenario
 * against the current code, so a change to the API it writes through shows here first.
 */
describe(`the upgrade fixture writer (${engine})`, () => {
  it('writes the scenario through the current API and its fixture reads back', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'portal-fixture-'));
    const dir = await writeReleaseFixture(scratch, 'scenario-check');

    const [fixture, ...others] = await releaseFixtures(engine, scratch);
    expect(others).toEqual([]);
    const { manifest } = fixture!;
    const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(manifest).toMatchObject({
      release: 'scenario-check',
      engine,
      newest_migration: journal.entries.at(-1)!.tag,
      backup: 'portal.backup',
    });
    expect((await stat(path.join(dir, manifest.backup))).size).toBeGreaterThan(0);
    expect(fixture!.keys.PORTAL_MASTER_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.accounts.map((a) => a.role).sort()).toEqual([
      ...Array<string>(4).fill('admin'),
      ...Array<string>(7).fill('patient'),
    ]);
    // Margaret's consent under each certificate, and Xiuying's cn edition from the library.
    expect(manifest.signed_pdfs).toHaveLength(3);
    expect(manifest.audit.rows).toBeGreaterThan(0);
    // The device orders' rows and the integrations' as they are; the demo seed fills all of the
    // orders' but holds and proofs, the scenario the integrations'.
    expect(Object.keys(manifest.tables ?? {}).sort()).toEqual([...DIGESTED_TABLES].sort());
    for (const table of DIGESTED_TABLES.filter(
      (t) => t !== 'device_order_holds' && t !== 'device_deliveries',
    )) {
      expect(manifest.tables![table]!.rows, table).toBeGreaterThan(0);
    }

    // What the upgrade test needs of the current release: every chart section of every patient
    // described, every queue the clock leaves alone, staff of each preset reading the worklist.
    const routes = new Set(manifest.reads.map((r) => `${r.as} ${r.path} ${JSON.stringify(r.query ?? {})}`));
    const patientIds = manifest.reads
      .filter((r) => /^\/admin\/patients\/[^/]+\/chart\/bf_adl\/$/.test(r.path))
      .map((r) => r.path.split('/')[3]!);
    // Eight accounts with the patient role, of whom two joined only to help (decision 0032).
    expect(patientIds).toHaveLength(6);
    const admin = manifest.accounts[0]!.email;
    for (const id of patientIds) {
      for (const section of CHART_SECTIONS) {
        expect(routes).toContain(`${admin} /admin/patients/${id}/chart/${section}/ {}`);
      }
      expect(routes).toContain(`${admin} /admin/patients/${id}/review/ {}`);
      expect(routes).toContain(`${admin} /admin/patients/${id}/caregivers/ {}`);
    }
    // The grants Margaret gave and Eleanor holds, and the clinic's leave for Xiuying.
    const read = <T>(as: string, path: string) =>
      manifest.reads.find((r) => r.as === as && r.path === path)?.answer as T;
    const margaret = read<CaregiversOverview>('margaret.hollis@fixture.example', '/account/caregivers/');
    expect(margaret.given.map((g) => g.status).sort()).toEqual(['active', 'revoked']);
    const eleanor = read<CaregiversOverview>('eleanor.hollis@fixture.example', '/account/caregivers/');
    expect(eleanor.received.map((g) => g.patient_name)).toEqual(['Margaret Hollis']);
    const activity = read<CaregiverActivity>(
      'margaret.hollis@fixture.example',
      '/account/caregivers/activity/',
    );
    expect(activity.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(['messages.write', 'assessment.read']),
    );
    const xiuying = read<CaregiversOverview>('wang.xiuying@fixture.example', '/account/caregivers/');
    expect(xiuying).toMatchObject({
      representative_signing_allowed: true,
      given: [{ source: 'clinic', status: 'active' }],
    });
    // The clinic's API clients and webhook endpoint, and the events its steps queued there.
    const clients = read<FhirClientList>(admin, '/admin/fhir-clients/');
    expect(clients.clients.map((c) => [c.name, c.revoked_at !== null])).toEqual([
      ['Old lab system', true],
      ['Harbour EHR', false],
    ]);
    const { endpoints } = read<WebhookEndpointList>(admin, '/admin/webhooks/');
    expect(endpoints).toMatchObject([{ description: 'Harbour EHR inbox', enabled: true }]);
    const log = read<WebhookMessagePage>(admin, WEBHOOK_LOG_ROUTE);
    expect(log.total).toBe(log.items.length);
    // Every subscribed event is one the scenario's steps queue.
    expect(new Set(log.items.map((m) => m.event_type))).toEqual(new Set(SUBSCRIBED));
    expect(log.items.every((m) => m.endpoint_id === endpoints[0]!.id)).toBe(true);
    const totals = Object.fromEntries(
      WORKLIST_QUEUES.filter((q) => !CLOCK_QUEUES.includes(q)).map((queue) => [
        queue,
        (
          manifest.reads.find((r) => r.as === admin && r.path === WORKLIST_ROUTE && r.query?.queue === queue)
            ?.answer as { total: number } | undefined
        )?.total,
      ]),
    );
    // Lukas waits for a first review and Margaret's re-hand-in for another; Xiuying's and Amara's
    // BF-ADL fell; Xiuying's decline was never re-sent; Lukas's question is unread.
    expect(totals).toEqual({
      intake_new: 1,
      intake_resubmitted: 1,
      bf_adl_flagged: 2,
      documents_due_soon: 0,
      declined_documents: 1,
      unread_messages: 1,
      orders_on_hold: 0,
    });
    for (const account of manifest.accounts.slice(1, 4)) {
      expect(routes).toContain(`${account.email} ${WORKLIST_ROUTE} {}`);
    }
  }, 300_000);
});
