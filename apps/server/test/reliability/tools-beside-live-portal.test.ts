import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { EXIT_DATA_DIR_LOCKED, lockHolderOf } from '../../src/db/data-dir-lock.ts';
import { openDatabase } from '../../src/db/database.ts';
import { applicationName, runningNodes } from '../../src/db/release-guard.ts';
import { migrationsDir } from '../../src/paths.ts';
import { serverCommand } from '../../../../scripts/builds.mjs';
import { spawnProcess } from '../../testing/spawn-portal.ts';
import {
  npmRunAtRoot,
  PROCESS_SECRETS,
  processDatabase,
  spawnServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../../testing/server-process.ts';
import { DEMO_PATIENT } from '../../testing/test-portal.ts';

/**
 * Tried from outside as an operator does: the portal is the build `npm start`
 * runs (apps/server/dist/main.js, built once by the suite's global setup) and every tool is run
 * as the README runs it, `npm run <tool>` from the repository root, while the portal serves. On
 * PGlite (one process per data directory) each is refused, naming the portal, and changes
 * nothing; a second portal refuses to start. On PostgreSQL each works beside the live portal
 * and its work is there after, except `rotate-keys`: a node left on the old key could not read
 * what moved, so it refuses while any node is connected.
 */
const NEW_KEY = 'c3'.repeat(32);
const ADMIN = { email: 'night.admin@clinic.example', password: 'Night-shift-admin-2026' };

let db: ProcessDatabase;
let work: string;
let node: ServerProcess | undefined;

/** Each engine's tests on a database of that engine, whatever DATABASE_URL names. */
function onEngine(engine: ProcessDatabase['engine']) {
  beforeAll(async () => {
    db = await processDatabase(engine);
    work = await mkdtemp(path.join(tmpdir(), 'portal-tools-'));
  });
  afterAll(async () => {
    await node?.stop();
    node = undefined;
    await db.drop();
    await rm(work, { recursive: true, force: true });
  });
}

interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` from the repository root, on the portal's database. */
async function tool(
  script: 'admin:create' | 'backup' | 'restore' | 'migrate' | 'rotate-keys' | 'fhir:client',
  args: string[] = [],
  extra: Record<string, string> = {},
): Promise<ToolRun> {
  try {
    const { stdout, stderr } = await npmRunAtRoot([script, ...(args.length > 0 ? ['--', ...args] : [])], {
      NODE_ENV: 'test',
      ...db.env,
      ...extra,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The portal as `npm start` runs it. */
const startPortal = () => spawnServer({ ...db.env, PORTAL_DEMO: '1' });

const TOOLS = {
  'admin:create': () =>
    tool('admin:create', ['--email', ADMIN.email, '--first-name', 'Nia', '--last-name', 'Night'], {
      ADMIN_PASSWORD: ADMIN.password,
    }),
  backup: () => tool('backup', [path.join(work, `live.${db.engine}.backup`)]),
  migrate: () => tool('migrate'),
  'rotate-keys': () => tool('rotate-keys', [], { PORTAL_MASTER_KEY_NEW: NEW_KEY }),
  'fhir:client': () => tool('fhir:client', ['list']),
};

async function signIn(account: { email: string; password: string }) {
  const c = node!.client();
  await c.handshake();
  await c.login(account.email, account.password);
  return c;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const handle = await openDatabase(
    db.env.DATABASE_URL ? { url: db.env.DATABASE_URL } : { dataDir: db.dataDir },
  );
  try {
    return ((await handle.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  } finally {
    await handle.close();
  }
}

// PGlite's protection is the embedded engine's own: these run in every suite, CI's on PostgreSQL too.
describe('tools beside a live portal on PGlite', () => {
  onEngine('pglite');

  it('a second portal on the same DATA_DIR refuses to start and names the one running', async () => {
    node = await startPortal();
    expect(lockHolderOf(db.dataDir)).toMatchObject({
      pid: node.pid,
      command: expect.stringContaining(path.join('apps', 'server', 'dist', 'main.js')),
    });
    const second = spawnProcess(...serverCommand('main'), {
      NODE_ENV: 'test',
      PORT: '0',
      ...PROCESS_SECRETS,
      ...db.env,
    });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(`in use by process ${node.pid}`);
    expect(second.output()).toContain('stop the portal first (npm start holds DATA_DIR');
    expect(second.output()).not.toMatch(/\n\s+at /);
  }, 180_000);

  it('refuses every tool, naming the portal, and the portal and its data stay whole', async () => {
    const patient = await signIn(DEMO_PATIENT);
    const profile = await patient.get('/patient/profile/');
    for (const [name, start] of Object.entries(TOOLS)) {
      const result = await start();
      expect([name, result.code]).toEqual([name, EXIT_DATA_DIR_LOCKED]);
      expect(result.stderr, name).toContain(`in use by process ${node!.pid}`);
      expect(result.stderr, name).toContain('stop the portal first (npm start holds DATA_DIR');
      expect(result.stdout, name).not.toMatch(/created|written|applied|Re-encrypted/);
      // The portal serves on, with the data it had: the refused rotation moved no key.
      expect(await patient.get('/patient/profile/')).toEqual(profile);
    }
    // What restore would write into is the live directory: it is refused before it reads the file.
    const gzipped = path.join(work, 'other.backup');
    await writeFile(gzipped, Buffer.from([0x1f, 0x8b, 0]));
    const restore = await tool('restore', [gzipped]);
    expect([restore.code, restore.stderr]).toEqual([
      EXIT_DATA_DIR_LOCKED,
      expect.stringContaining(`in use by process ${node!.pid}`),
    ]);
    await expect(signIn(ADMIN)).rejects.toThrow();
    expect(lockHolderOf(db.dataDir)?.pid).toBe(node!.pid);
  }, 300_000);

  it('after the portal stops, the tools work and what they wrote is there when it starts again', async () => {
    await node!.stop();
    expect(lockHolderOf(db.dataDir)).toBeUndefined();
    expect((await TOOLS['admin:create']()).stdout).toContain(`Administrator ${ADMIN.email} created.`);
    const backup = await TOOLS.backup();
    expect(backup.stdout).toContain('written to');
    expect((await readFile(path.join(work, 'live.pglite.backup'))).subarray(0, 2)).toEqual(
      Buffer.from([0x1f, 0x8b]),
    );
    expect((await TOOLS.migrate()).stdout).toContain('Migrations applied');
    expect(lockHolderOf(db.dataDir)).toBeUndefined();

    node = await startPortal();
    const admin = await signIn(ADMIN);
    expect((await admin.get<{ total: number }>('/admin/users/')).total).toBeGreaterThanOrEqual(3);
    await node.stop();
  }, 300_000);

  it('takes over a lock left by a portal that was killed', async () => {
    node = await startPortal();
    const killed = node.pid;
    await node.kill9();
    expect(lockHolderOf(db.dataDir)?.pid).toBe(killed);
    node = await startPortal();
    expect(lockHolderOf(db.dataDir)?.pid).toBe(node.pid);
    await signIn(ADMIN);
    await node.stop();
    node = undefined;
  }, 300_000);
});

/** Waits (bounded) until no node's connection is left: a stopped node's backends exit soon after it. */
async function untilNoNodes(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 200 && (await runningNodes(client)).length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await runningNodes(client)).toEqual([]);
  } finally {
    await client.end();
  }
}

describe.runIf(!!process.env.DATABASE_URL)('tools beside a live portal on PostgreSQL', () => {
  onEngine('postgres');

  it('each tool but rotate-keys works beside the live portal and its work is in the database afterwards', async () => {
    node = await startPortal();
    const created = await TOOLS['admin:create']();
    expect(created.stdout).toContain(`Administrator ${ADMIN.email} created.`);
    // The live portal sees the new account at once: its first sign-in works.
    const admin = await signIn(ADMIN);
    expect((await admin.get<{ total: number }>('/admin/users/')).total).toBeGreaterThanOrEqual(3);

    const backup = await TOOLS.backup();
    expect(backup.stdout).toContain('written to');
    const file = path.join(work, 'live.postgres.backup');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('PGDMP');
    expect((await TOOLS.migrate()).stdout).toContain('Migrations applied');
    expect((await TOOLS['fhir:client']()).code).toBe(0);

    // A restore never merges into the live database; into a new one beside it, it works.
    expect((await tool('restore', [file])).stderr).toMatch(/not empty/);
    const copy = await processDatabase();
    try {
      const restored = await tool('restore', [file], { DATABASE_URL: copy.env.DATABASE_URL! });
      expect(restored.stdout).toContain('Restored');
    } finally {
      await copy.drop();
    }

    // rotate-keys refuses while a node serves, saying what to do, and moves no key: the node
    // reads the patient's record under the key it has.
    const patient = await signIn(DEMO_PATIENT);
    const profile = await patient.get('/patient/profile/');
    const refused = await TOOLS['rotate-keys']();
    expect(refused.code).toBe(EXIT_DATA_DIR_LOCKED);
    expect(refused.stderr).toContain(
      `1 portal node(s) are connected to this database (release ${applicationName(migrationsDir).slice('portal@'.length)}): stop every node first`,
    );
    expect(refused.stdout).not.toContain('Re-encrypted');
    expect(await patient.get('/patient/profile/')).toEqual(profile);

    await node.stop();
    await untilNoNodes(db.env.DATABASE_URL!);
    const rotated = await TOOLS['rotate-keys']();
    expect(rotated.stdout).toContain('Re-encrypted');
    // Rotation asks every node to start on the new key: the data reads back under it.
    node = await spawnServer({ ...db.env, PORTAL_DEMO: '1', PORTAL_MASTER_KEY: NEW_KEY });
    expect(await (await signIn(DEMO_PATIENT)).get('/patient/profile/')).toEqual(profile);
    await node.stop();
    node = undefined;
    expect(await count(sql`select count(*)::int as n from users where email = ${ADMIN.email}`)).toBe(1);
  }, 300_000);
});
