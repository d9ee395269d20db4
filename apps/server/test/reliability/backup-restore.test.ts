import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentsPage } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { repoRoot } from '../../src/paths.ts';
import { answersTotalling, BF_ADL, submission } from '../../testing/assessment.ts';
import { makeSignaturePng } from '../../testing/documents.ts';
import {
  npmRunAtRoot,
  processDatabase,
  spawnServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../../testing/server-process.ts';
import { DEMO_ADMIN, DEMO_PATIENT } from '../../testing/test-portal.ts';
import { documentInvariantViolations, MARKED_RESOURCES, markedValue } from '../../testing/reliability.ts';

/** The root scripts an operator types: `npm run backup -- <file>`, `npm run restore -- <file>`. */
const npmRun = (script: 'backup' | 'restore', file: string, db: ProcessDatabase) =>
  npmRunAtRoot(['--silent', script, '--', file], db.env);

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => '',
    (error: { stderr?: string }) => error.stderr ?? String(error),
  );

async function signedIn(node: ServerProcess, account: { email: string; password: string }) {
  const c = node.client();
  await c.handshake();
  await c.login(account.email, account.password);
  return c;
}

interface Snapshot {
  intake: Record<string, unknown>;
  assessment: unknown;
  documents: Record<string, { status: string | null; file: string; sha256: string }>;
}

/** Everything the patient can read, decrypted by the server: it equals only if key and data both survived. */
async function snapshot(patient: PortalClient): Promise<Snapshot> {
  const intake: Record<string, unknown> = {};
  for (const name of MARKED_RESOURCES) intake[name] = await patient.get(`/patient/${name}/`);
  const documents: Snapshot['documents'] = {};
  for (const kind of ['signature', 'reference']) {
    const page = await patient.get<DocumentsPage>('/patient/documents/', { kind });
    for (const item of page.items) {
      const detail = await patient.get<DocumentDetail>('/patient/document/', { id: item.id });
      documents[item.id] = { status: detail.status, file: detail.file, sha256: detail.sha256 };
    }
  }
  return { intake, assessment: await patient.get(BF_ADL), documents };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

describe('npm run backup / npm run restore', () => {
  it('round-trips every record and file into an empty database, readable with the same master key', async () => {
    const source = await processDatabase();
    cleanups.push(() => source.drop());
    const work = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));

    let node = await spawnServer(source.env);
    cleanups.push(() => node.stop());
    const patient = await signedIn(node, DEMO_PATIENT);
    for (const name of MARKED_RESOURCES) {
      const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
      await patient.post(
        `/patient/${name}/`,
        { version, value: markedValue(name, version + 1) },
        { encrypt: true },
      );
    }
    await patient.post(BF_ADL, submission(answersTotalling(60)), { encrypt: true });
    const consent = (await patient.get<DocumentsPage>('/patient/documents/', { kind: 'signature' }))
      .items[0]!;
    await patient.post(
      '/patient/sign/',
      {
        id: consent.id,
        action: 'sign',
        consent: true,
        signature: { kind: 'drawn', png_base64: makeSignaturePng().toString('base64') },
      },
      { encrypt: true },
    );
    const before = await snapshot(patient);
    expect(before.documents[consent.id]).toMatchObject({ status: 'signed', file: 'signed' });
    await node.stop();

    const file = path.join(work, `portal.${source.engine}.backup`);
    expect((await npmRun('backup', file, source)).stdout).toContain(`written to ${file}`);

    const target = await processDatabase();
    cleanups.push(() => target.drop());
    expect((await npmRun('restore', file, target)).stdout).toContain('Restored');
    // A restore never merges into live data.
    expect(await failureOf(npmRun('restore', file, target))).toMatch(/not empty/);

    node = await spawnServer({ ...target.env, PORTAL_DEMO: '0' });
    const restored = await signedIn(node, DEMO_PATIENT);
    expect(await snapshot(restored)).toEqual(before);
    const admin = await signedIn(node, DEMO_ADMIN);
    expect((await admin.get<{ total: number }>('/admin/users/')).total).toBeGreaterThanOrEqual(2);
    await node.stop();
    expect(await documentInvariantViolations(target)).toEqual([]);
  }, 300_000);

  it('refuses a file that is no backup, and a backup of the other engine', async () => {
    const target = await processDatabase();
    cleanups.push(() => target.drop());
    const work = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const notABackup = path.join(repoRoot, 'package.json');
    expect(await failureOf(npmRun('restore', notABackup, target))).toMatch(/is not a portal backup/);
    const otherEngine = path.join(work, 'other.backup');
    // The first bytes decide the engine: pg_dump's custom format, or PGlite's gzipped tarball.
    await writeFile(otherEngine, target.engine === 'postgres' ? Buffer.from([0x1f, 0x8b, 0]) : 'PGDMP');
    expect(await failureOf(npmRun('restore', otherEngine, target))).toMatch(
      target.engine === 'postgres' ? /This is a PGlite backup/ : /This is a PostgreSQL backup/,
    );
  }, 120_000);
});
