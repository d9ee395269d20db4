import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestPortal } from '../../testing/test-portal.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-cli-'));
  // The CLI is its own process: on PGlite it opens DATA_DIR, on PostgreSQL a fresh database.
  db = process.env.DATABASE_URL ? await freshDatabase() : undefined;
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORTAL_MASTER_KEY: 'a1'.repeat(32),
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-000',
    ...(db && 'url' in db.target ? { DATABASE_URL: db.target.url } : {}),
  };
});
afterAll(async () => {
  await db?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const cli = (script: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
    cwd: serverDir,
    env: { ...env, ...extra },
  });

// Each task is a process of its own that compiles with tsx and opens the database: on a shared
// machine that alone has taken close to 30 s.
describe('command-line tasks', () => {
  it('migrate applies the migrations and can run again', async () => {
    const first = await cli('migrate.ts', []);
    expect(first.stdout).toContain('Migrations applied');
    await expect(cli('migrate.ts', [])).resolves.toBeDefined();
  }, 180_000);

  it('admin:create makes an administrator who can sign in, and refuses a weak password or a taken e-mail', async () => {
    const args = ['--email', 'Chief@Clinic.example', '--first-name', 'Dana', '--last-name', 'Chief'];
    const weak = await cli('admin-create.ts', args, { ADMIN_PASSWORD: 'short' }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(weak).toMatchObject({ code: 1 });
    const created = await cli('admin-create.ts', args, { ADMIN_PASSWORD: 'Sturdy-admin-pass-2026' });
    expect(created.stdout).toContain('Administrator chief@clinic.example created.');
    const again = await cli('admin-create.ts', args, { ADMIN_PASSWORD: 'Sturdy-admin-pass-2026' }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });

    const portal = await startTestPortal({
      database: db?.target ?? { dataDir },
      env: { PORTAL_DEMO: '0' },
    });
    try {
      const client = await portal.signedIn('chief@clinic.example', 'Sturdy-admin-pass-2026');
      expect(client.access).toBeTruthy();
    } finally {
      await portal.close();
    }
  }, 180_000);
});
