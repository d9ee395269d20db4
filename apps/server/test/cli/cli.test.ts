import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.ts';
import { freshDatabase, startTestPortal } from '../../testing/test-portal.ts';
import { serverCommand } from '../../../../scripts/builds.mjs';
import { EXIT_USAGE } from '../../../../scripts/parse-cli.mjs';

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

/** A production tool as `npm run` starts it: its build, made by the suite's global setup. */
const cli = (entry: string, args: string[], extra: NodeJS.ProcessEnv = {}) => {
  const [command, commandArgs] = serverCommand(entry);
  return run(command, [...commandArgs, ...args], { cwd: serverDir, env: { ...env, ...extra } });
};

// Each task is a process of its own that opens the database.
describe('command-line tasks', () => {
  it('migrate applies the migrations and can run again', async () => {
    const first = await cli('migrate', []);
    expect(first.stdout).toContain('Migrations applied');
    await expect(cli('migrate', [])).resolves.toBeDefined();
  }, 180_000);

  it('admin:create makes an administrator who can sign in, and refuses a weak password or a taken e-mail', async () => {
    const args = ['--email', 'Chief@Clinic.example', '--first-name', 'Dana', '--last-name', 'Chief'];
    const weak = await cli('admin-create', args, { ADMIN_PASSWORD: 'short' }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(weak).toMatchObject({ code: 1 });
    const created = await cli('admin-create', args, { ADMIN_PASSWORD: 'Sturdy-admin-pass-2026' });
    expect(created.stdout).toContain('Administrator chief@clinic.example created.');
    const again = await cli('admin-create', args, { ADMIN_PASSWORD: 'Sturdy-admin-pass-2026' }).catch(
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

describe('fhir:client', () => {
  it('add prints only the client id, list shows it, revoke ends it, and a private key is refused', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
    const jwksFile = path.join(dataDir, '..', `${path.basename(dataDir)}-jwks.json`);
    const privateFile = `${jwksFile}.private`;
    await writeFile(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'lab-1' }] }));
    await writeFile(
      privateFile,
      JSON.stringify({ keys: [{ ...(await exportJWK(privateKey)), kid: 'lab-1' }] }),
    );
    try {
      const scopes = ['--scope', 'system/Patient.rs', '--scope', 'system/Coverage.rs system/Observation.rs'];
      const added = await cli('fhir-client', [
        'add',
        '--name',
        'Lab system',
        '--jwks-file',
        jwksFile,
        ...scopes,
      ]);
      expect(added.stdout).toMatch(/^\{"client_id":"[0-9a-f-]{36}"\}\n$/);
      const { client_id: id } = JSON.parse(added.stdout) as { client_id: string };

      const listed = await cli('fhir-client', ['list']);
      expect(
        listed.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toContainEqual({
        client_id: id,
        name: 'Lab system',
        scopes: ['system/Patient.rs', 'system/Coverage.rs', 'system/Observation.rs'],
        key_ids: ['lab-1'],
        created_at: expect.any(String),
        revoked_at: null,
      });
      const revoked = await cli('fhir-client', ['revoke', id]);
      expect(JSON.parse(revoked.stdout)).toMatchObject({ client_id: id, revoked_at: expect.any(String) });

      const secret = await cli('fhir-client', [
        'add',
        '--name',
        'Leaky',
        '--jwks-file',
        privateFile,
        ...scopes,
      ]).catch((e: { code: number; stdout: string; stderr: string }) => e);
      expect(secret).toMatchObject({
        code: 1,
        stdout: '',
        stderr:
          'fhir:client add: Key "lab-1": it holds the private member "d": register the public key only\n',
      });
    } finally {
      await rm(jwksFile, { force: true });
      await rm(privateFile, { force: true });
    }
  }, 300_000);
});

const fromSources = (file: string): [string, string[]] => [process.execPath, ['--import', 'tsx', file]];
const built = (entry: string, ...args: string[]): [string, string[]] => {
  const [command, commandArgs] = serverCommand(entry);
  return [command, [...commandArgs, ...args]];
};

/**
 * Every tool a person runs, as it is run (from the repository root), and its usage's first line:
 * the production tools from their build, the development tools from their sources.
 */
const TOOLS: Record<string, { command: [string, string[]]; usage: string }> = {
  'admin:create': {
    command: built('admin-create'),
    usage: 'Usage: npm run admin:create -- --email EMAIL',
  },
  backup: { command: built('backup'), usage: 'Usage: npm run backup -- [FILE]' },
  'backup through npm run': {
    command: ['npm', ['run', '--silent', 'backup', '--']],
    usage: 'Usage: npm run backup -- [FILE]',
  },
  restore: {
    command: built('restore'),
    usage: 'Usage: npm run restore -- FILE',
  },
  migrate: { command: built('migrate'), usage: 'Usage: npm run migrate' },
  'fhir:client': {
    command: built('fhir-client'),
    usage: 'Usage: npm run fhir:client -- add|list|revoke',
  },
  'fhir:client add': {
    command: built('fhir-client', 'add'),
    usage: 'Usage: npm run fhir:client -- add --name NAME',
  },
  'rotate-keys': {
    command: built('rotate-keys'),
    usage: 'Usage: PORTAL_MASTER_KEY_NEW=<64 hex> npm run rotate-keys',
  },
  start: { command: [process.execPath, ['scripts/start.mjs']], usage: 'Usage: npm start' },
  dev: { command: [process.execPath, ['scripts/dev.mjs']], usage: 'Usage: npm run dev' },
  'audit:prod': { command: [process.execPath, ['scripts/audit.mjs']], usage: 'Usage: npm run audit:prod' },
  bench: { command: fromSources('bench/run.ts'), usage: 'Usage: npm run bench -- [SUITE]' },
  'long-tasks': {
    command: fromSources('bench/web/long-tasks.ts'),
    usage: 'Usage: npx tsx bench/web/long-tasks.ts TRACE.json',
  },
  'docs:config': {
    command: fromSources('apps/server/tools/docs-config.ts'),
    usage: 'Usage: npm run docs:config',
  },
  'fixtures:upgrade': {
    command: fromSources('apps/server/tools/write-upgrade-fixture.ts'),
    usage: 'Usage: npm run fixtures:upgrade -- RELEASE',
  },
  'smart:keys': {
    command: fromSources('apps/server/tools/smart-keys.ts'),
    usage: 'Usage: npm run smart:keys -- --out DIR',
  },
  'smart:token': {
    command: fromSources('apps/server/tools/smart-token.ts'),
    usage: 'Usage: npm run smart:token -- --fhir URL',
  },
  'webhooks:receive': {
    command: fromSources('apps/server/tools/webhook-receiver.ts'),
    usage: 'Usage: npm run webhooks:receive -- --secret',
  },
  'run-independent-client': {
    command: fromSources('apps/server/tools/run-independent-client.ts'),
    usage: 'Usage: npx tsx apps/server/tools/run-independent-client.ts',
  },
};

interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool from the repository root with the embedded database in a DATA_DIR that does not
 * exist yet and INIT_CWD (where a relative file lands) an empty folder: a tool that opened the
 * database or wrote a file leaves a trace in one of them.
 */
async function runTool(tool: string, args: string[]) {
  const place = await mkdtemp(path.join(tmpdir(), 'portal-cli-usage-'));
  const dataDir = path.join(place, 'data');
  const typedIn = path.join(place, 'typed-in');
  await mkdir(typedIn);
  const { DATABASE_URL: _url, ADMIN_PASSWORD: _password, ...inherited } = process.env;
  const [command, commandArgs] = TOOLS[tool]!.command;
  const outcome = await run(command, [...commandArgs, ...args], {
    cwd: repoRoot,
    // A guard against a tool that ignored its arguments and started serving, not a measure.
    timeout: 150_000,
    env: { ...inherited, DATA_DIR: dataDir, INIT_CWD: typedIn, NODE_ENV: 'test' },
  }).then(
    ({ stdout, stderr }): ToolRun => ({ code: 0, stdout, stderr }),
    (error: ToolRun): ToolRun => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
  try {
    return { ...outcome, trace: { dataDir: existsSync(dataDir), written: await readdir(typedIn) } };
  } finally {
    await rm(place, { recursive: true, force: true });
  }
}

const untouched = { dataDir: false, written: [] };

// A development tool's run compiles it with tsx: on a shared machine that alone takes seconds.
describe('every tool answers --help and refuses an unknown option', () => {
  it.each(Object.keys(TOOLS))(
    '%s: --help prints the usage on stdout, exits 0, and touches nothing',
    async (tool) => {
      const help = await runTool(tool, ['--help']);
      expect(help).toMatchObject({ code: 0, stderr: '', trace: untouched });
      expect(help.stdout.startsWith(TOOLS[tool]!.usage), help.stdout).toBe(true);
      expect(help.stdout).toContain('-h, --help');
      expect(help.stdout).not.toContain('Building');
      expect(existsSync(path.join(repoRoot, '--help'))).toBe(false);
    },
    180_000,
  );

  it.each(Object.keys(TOOLS))(
    '%s: an unknown option is one line on stderr and exit 64',
    async (tool) => {
      const wrong = await runTool(tool, ['--no-such-option']);
      expect(wrong).toMatchObject({ code: EXIT_USAGE, trace: untouched });
      expect(wrong.stderr).toMatch(
        /^[\w:-]+( [a-z]+)?: Unknown option '--no-such-option' \(--help shows the usage\)\n$/,
      );
      expect(wrong.stdout).not.toMatch(/\n\s+at /);
    },
    180_000,
  );

  it('admin:create without ADMIN_PASSWORD and without a terminal says so and exits 64', async () => {
    const args = ['--email', 'night@clinic.example', '--first-name', 'Nia', '--last-name', 'Night'];
    const refused = await runTool('admin:create', args);
    expect(refused).toMatchObject({
      code: EXIT_USAGE,
      stdout: '',
      stderr: 'admin:create: no terminal to ask the password on: set ADMIN_PASSWORD\n',
      trace: untouched,
    });
  }, 180_000);

  it('a tool missing its argument, or given one too many, says so in one line and exits 64', async () => {
    const restore = await runTool('restore', []);
    expect(restore).toMatchObject({
      code: EXIT_USAGE,
      stderr: 'restore: Missing argument: npm run restore -- FILE\n',
    });
    const backup = await runTool('backup', ['one.backup', 'two.backup']);
    expect(backup).toMatchObject({
      code: EXIT_USAGE,
      stderr: "backup: Unexpected argument 'two.backup' (--help shows the usage)\n",
      trace: untouched,
    });
  }, 180_000);
});
