import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { PortalClient } from '@portal/protocol/testing';
import { loadConfig } from '../src/config.ts';
import type { DatabaseTarget } from '../src/db/database.ts';
import { createPortal, type Portal } from '../src/portal.ts';
import { REDACTED_PATHS } from '../src/app.ts';
import { freshPglite } from './pglite-template.ts';

/** A clock tests can move forward (lockout windows, token expiry). */
export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestPortal {
  portal: Portal;
  baseUrl: string;
  clock: TestClock;
  dataDir: string;
  /** Every log line the server wrote, for leak checks. */
  logs: string[];
  client(): PortalClient;
  /** A client that has completed the handshake and signed in. */
  signedIn(email: string, password: string): Promise<PortalClient>;
  /** Every mail sent so far, once this node's outbox queue has sent what is due. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

export const DEMO_PATIENT = { email: 'patient@example.com', password: 'Patient-demo-2025' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2025' };
export const DEMO_FRONT_DESK = { email: 'frontdesk@example.com', password: 'Frontdesk-demo-2025' };
export const DEMO_CLINICIAN = { email: 'clinician@example.com', password: 'Clinician-demo-2025' };
/** The demo patient's daughter, with a live grant of every scope. */
export const DEMO_CAREGIVER = { email: 'caregiver@example.com', password: 'Caregiver-demo-2025' };

/** Where the suite's global setup names the migrated PostgreSQL database new ones are copied from. */
export const PG_TEMPLATE_ENV = 'PORTAL_TEST_PG_TEMPLATE';

/**
 * A fresh database per call: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * database on that PostgreSQL server, dropped afterwards. `migrated` asks for the committed
 * migrations already applied: on PostgreSQL a copy of the suite's migrated template when the
 * global setup made one (seconds of round trips saved per portal), else migrated by the portal.
 */
export async function freshDatabase({ migrated = false } = {}): Promise<{
  target: DatabaseTarget;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = await freshPglite();
    return { target: { pglite }, drop: () => pglite.close() };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env[PG_TEMPLATE_ENV] : undefined;
  await onServer(url, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    target: { url: databaseUrl(url, name) },
    drop: () => onServer(url, `drop database if exists ${name} with (force)`),
  };
}

/** One statement on the server of `url` (database creation and removal), on its own connection. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` pointing at the database `name` on the same server. */
export function databaseUrl(url: string, name: string): string {
  const at = new URL(url);
  at.pathname = `/${name}`;
  return at.toString();
}

export interface TestPortalOptions {
  env?: Record<string, string>;
  /** Share another portal's database (two nodes, one database). */
  database?: DatabaseTarget;
  /** A release's migrations other than the committed ones (upgrade tests). */
  migrationsFolder?: string;
  clock?: TestClock;
  /** Background job intervals other than the job table's (a short purge interval). */
  jobEveryMs?: Readonly<Record<string, number>>;
}

export async function startTestPortal(options: TestPortalOptions = {}): Promise<TestPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const fresh = options.database
    ? undefined
    : await freshDatabase({ migrated: options.migrationsFolder === undefined });
  const clock = options.clock ?? new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    PORTAL_MASTER_KEY: 'a1'.repeat(32),
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-000',
    PORTAL_DEMO: '1',
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_HANDSHAKE_PER_MINUTE: '1000',
    ...options.env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const portal = await createPortal(config, {
    database: options.database ?? fresh!.target,
    migrationsFolder: options.migrationsFolder,
    now: clock.now,
    jobEveryMs: options.jobEveryMs,
    logger: { level: 'info', stream, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  });
  const address = await portal.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = address.replace('0.0.0.0', '127.0.0.1');
  const client = () => new PortalClient({ baseUrl });
  return {
    portal,
    baseUrl,
    clock,
    dataDir,
    logs,
    client,
    async signedIn(email, password) {
      const c = client();
      await c.handshake();
      await c.login(email, password);
      return c;
    },
    async outbox() {
      await portal.mailQueue.drain();
      const dir = path.join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [])).sort();
      return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    },
    async close() {
      await portal.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
      expectCleanLogs(logs, [
        config.PORTAL_MASTER_KEY,
        config.JWT_SECRET,
        DEMO_PATIENT.password,
        DEMO_ADMIN.password,
        DEMO_FRONT_DESK.password,
        DEMO_CLINICIAN.password,
        DEMO_CAREGIVER.password,
      ]);
    },
  };
}

/** A fresh portal with the demo administrator signed in. */
export async function portalWithAdmin(): Promise<{ t: TestPortal; admin: PortalClient }> {
  const t = await startTestPortal();
  return { t, admin: await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password) };
}

/**
 * Every test portal's log, checked when it closes: no server key, demo password or JWT may
 * appear in any line any server test wrote (the attack suite checks its own secrets too).
 */
function expectCleanLogs(logs: string[], secrets: (string | undefined)[]): void {
  const text = logs.join('');
  const leaked = secrets.filter((s): s is string => !!s && text.includes(s)).map((s) => `${s.slice(0, 4)}…`);
  if (/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\./.test(text)) leaked.push('a JWT');
  if (leaked.length > 0) throw new Error(`Secrets in the server log: ${leaked.join(', ')}`);
}

/** The single-use token in the last mail's link to `route` (quoted-printable soft breaks undone). */
export function linkToken(mail: string, route: string): string {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(unfolded);
  if (!match) throw new Error(`no ${route} link in mail`);
  return match[1]!;
}
