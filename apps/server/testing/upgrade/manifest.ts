import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverDir } from '../../src/paths.ts';
import type { TableDigest } from './table-digest.ts';

/**
 * What an upgrade fixture holds and what a later release must read back from it. The writer
 * (tools/write-upgrade-fixture.ts) records it through the API of the release that made the backup; the
 * upgrade test restores the backup under the current build and repeats every read.
 */
export interface FixtureManifest {
  /** The commit of the release that wrote the fixture. */
  release: string;
  engine: 'pglite' | 'postgres';
  /** The newest migration that release had applied (its tag in drizzle/meta/_journal.json). */
  newest_migration: string;
  written_at: string;
  /** The `npm run backup` file beside this manifest. */
  backup: string;
  accounts: FixtureAccount[];
  /** Every answer that must come back equal (files as their SHA-256, volatile keys left out). */
  reads: RecordedRead[];
  /** Reads whose `pdf_base64` is a signed PDF that pdfsig must still find valid. */
  signed_pdfs: { as: string; path: string; query: Record<string, string> }[];
  audit: AuditDigest;
  /** The rows of the tables table-digest.ts names, by table; absent from fixtures written before it. */
  tables?: Record<string, TableDigest>;
}

export interface FixtureAccount {
  email: string;
  password: string;
  role: 'admin' | 'patient';
  /** Base32 TOTP secret of an account with MFA enrolled: the test computes a code from it. */
  totp_secret?: string;
}

export interface RecordedRead {
  /** The e-mail of the account that reads. */
  as: string;
  path: string;
  query?: Record<string, string>;
  answer: unknown;
  /**
   * Set on a read derived at test time (derived-reads.ts): only the answer's `items` about these
   * patients are compared, as a fixture describes its own patients and not the demo's.
   */
  patients?: string[];
}

/** The audit rows the old release wrote, as the columns it had: they must survive unchanged. */
export interface AuditDigest {
  columns: string[];
  rows: number;
  max_id: number;
  sha256: string;
}

/** The keys the fixture's data is encrypted and its tokens signed with (test data, never production). */
export interface FixtureKeys {
  PORTAL_MASTER_KEY: string;
  JWT_SECRET: string;
}

export const WEBHOOK_LOG_ROUTE = '/admin/webhooks/messages/';
/** A delivery log entry's fields about its delivery (WebhookMessage), as opposed to its event. */
const WEBHOOK_DELIVERY_STATE = [
  'status',
  'attempts',
  'last_status',
  'last_error',
  'last_attempt_at',
  'next_attempt_at',
] as const;

/**
 * What an answer holds that is not the stored data, by the route that gives it (and only
 * there, so a stored date that happens to share a name is still compared).
 */
const VOLATILE: { route: RegExp; keys: readonly string[] }[] = [
  // A schedule's `due` flips with the clock; an instrument's `definition` is shipped by the
  // code of the release that answers, not kept in the database.
  { route: /^\/(patient|admin\/patients\/[^/]+)\/bf_adl\/$/, keys: ['due', 'definition'] },
  // Every sign-in moves it, the upgrade test's own included.
  { route: /^\/admin\/users\/$/, keys: ['last_login_at'] },
  // The scopes a client may be given are the FHIR types the answering release serves.
  { route: /^\/admin\/fhir-clients\/$/, keys: ['scopes_supported'] },
  // Every node's webhook worker keeps attempting a pending message, and its delivery window
  // closes a day after the event: what the log says of delivery moves with the clock alone.
  { route: /^\/admin\/webhooks\/messages\/$/, keys: WEBHOOK_DELIVERY_STATE },
];

/**
 * Worklist queues that fill with the clock alone (a BF-ADL falls due 90 days after the last
 * one, a delivery window is today, a resupply or a rental's last month comes round, an approval
 * turns overdue, a delivery's proof is late): their counts are left out of a recorded worklist
 * answer, and their rows are checked against the rule at the time of the test instead
 * (derived-reads.ts) where it has one.
 */
export const CLOCK_QUEUES: readonly string[] = [
  'bf_adl_due',
  'deliveries_today',
  'proofs_missing',
  'resupplies_due',
  'rentals_ending',
  'orders_overdue',
];
export const WORKLIST_ROUTE = '/admin/worklist/';

export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function withoutKeys(value: unknown, keys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (keys.has(key)) continue;
    if (key.endsWith('_base64') && typeof inner === 'string') {
      const bytes = Buffer.from(inner, 'base64');
      out[key] = { sha256: sha256Hex(bytes), bytes: bytes.length };
    } else {
      out[key] = withoutKeys(inner, keys);
    }
  }
  return out;
}

/**
 * The comparable form of the answer `path` gave: every `*_base64` file becomes its SHA-256 and
 * size (the bytes must be identical, but a manifest of megabytes of base64 helps no one), and
 * what that route answers from the clock or the code rather than the data goes.
 */
export function comparable(value: unknown, path: string): unknown {
  const keys = new Set(VOLATILE.filter((v) => v.route.test(path)).flatMap((v) => v.keys));
  const out = withoutKeys(value, keys);
  if (path !== WORKLIST_ROUTE) return out;
  const page = out as { queues: { queue: string }[] };
  return { ...page, queues: page.queues.filter((q) => !CLOCK_QUEUES.includes(q.queue)) };
}

/**
 * A worklist answer cut to the queues the recorded one listed: a queue a later release added
 * (the orders desk's) was no queue of the release that recorded it, so it has nothing to compare.
 */
export function recordedQueues(actual: unknown, expected: unknown, path: string): unknown {
  const recorded = (expected as { queues?: { queue: string }[] } | null)?.queues;
  if (path !== WORKLIST_ROUTE || !recorded) return actual;
  const page = actual as { queues: { queue: string }[] };
  const names = new Set(recorded.map((q) => q.queue));
  return { ...page, queues: page.queues.filter((q) => names.has(q.queue)) };
}

/** Histories that grow by being read (a document's events gain a `view`): the recorded ones must stay their start. */
export const HISTORY_KEYS = new Set(['events']);

/** `actual` with every history cut to the length `expected` recorded, so what came after is not compared. */
export function historyPrefix(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.map((item, i) => historyPrefix(item, expected[i]));
  }
  if (actual === null || typeof actual !== 'object' || expected === null || typeof expected !== 'object') {
    return actual;
  }
  const want = expected as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(actual).map(([key, inner]) => {
      const recorded = want[key];
      const cut = HISTORY_KEYS.has(key) && Array.isArray(inner) && Array.isArray(recorded);
      return [key, historyPrefix(cut ? inner.slice(0, recorded.length) : inner, recorded)];
    }),
  );
}

/** The fixtures folder, beside the upgrade test: one sub-folder per release that wrote fixtures. */
export const FIXTURES_DIR = path.join(serverDir, 'test/upgrade/fixtures');

export interface ReleaseFixture {
  dir: string;
  keys: FixtureKeys;
  manifest: FixtureManifest;
}

export const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;

/** Every fixture of `engine` in `fixturesDir` (the committed ones by default), oldest release folder first. */
export async function releaseFixtures(
  engine: 'pglite' | 'postgres',
  fixturesDir = FIXTURES_DIR,
): Promise<ReleaseFixture[]> {
  const entries = await readdir(fixturesDir, { withFileTypes: true });
  const releases = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const fixtures: ReleaseFixture[] = [];
  for (const release of releases.sort()) {
    const dir = path.join(fixturesDir, release, engine);
    const manifest = await readJson<FixtureManifest>(path.join(dir, 'manifest.json')).catch(() => undefined);
    if (!manifest) continue;
    fixtures.push({
      dir,
      manifest,
      keys: await readJson<FixtureKeys>(path.join(fixturesDir, release, 'keys.json')),
    });
  }
  return fixtures;
}
