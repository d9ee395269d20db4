import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { formatTable } from '../lib/table.ts';
import { createVerifiedPatients } from '../lib/verified-patients.ts';
import { startPortal } from '../api/start-portal.ts';
import { PASSWORD, positive, report, samples, simulatePatient } from './run-load.ts';
import { countGrowingTables, type TableRows } from './table-rows.ts';

/**
 * `npm run bench -- soak`: the load suite's patients on a portal whose handshakes live 5 s and
 * whose purge runs every 10 s, watching the growing tables while it runs. Each patient comes back
 * for visit after visit, each a fresh handshake and sign-in, and leaves without logging out, as a
 * closed tab does, so handshakes go idle all the time. Passes when not one request failed and
 * handshakes and used_salts stay flat (FLAT_RULE). PostgreSQL only (DATABASE_URL): the running
 * portal holds PGlite's files locked, so nothing else can count its rows.
 */
const PATIENTS = positive('SOAK_PATIENTS', 50);
const SECONDS = positive('SOAK_SECONDS', 150);
const HANDSHAKE_TTL_SECONDS = positive('SOAK_HANDSHAKE_TTL_SECONDS', 5);
const PURGE_INTERVAL_SECONDS = positive('SOAK_PURGE_SECONDS', 10);
const SAMPLE_EVERY_MS = 5_000;
/** A visit lasts this long (uniformly); the load's ramp (0–10 s) is the pause before the next. */
const VISIT_MS = [20_000, 40_000] as const;
/** By then the first rows of the load have passed their lifetime and a purge has run since. */
const SETTLED_AFTER_S = HANDSHAKE_TTL_SECONDS + 2 * PURGE_INTERVAL_SECONDS;
const WATCHED = ['handshakes', 'used_salts'] as const;
const SHOWN = ['handshakes', 'used_salts', 'sessions', 'refresh_tokens', 'events', 'audit_log'] as const;

export const FLAT_RULE =
  `flat = over the samples from ${SETTLED_AFTER_S} s on (lifetime + two purge intervals), the highest ` +
  'count of the second half is at most 1.5 × the highest of the first half, and the last count is at ' +
  'most half the rows there would be with no purge (rows at start + rows the run created)';

interface Point {
  seconds: number;
  rows: TableRows;
  /** A purge started since the previous sample. */
  purged: boolean;
}

async function purgeStartedAt(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ started_at: Date }>(
      "select started_at from job_runs where name = 'purge'",
    );
    return rows[0]?.started_at.getTime();
  } finally {
    await client.end();
  }
}

async function visits(baseUrl: string, email: string, n: number, endAt: number) {
  while (Date.now() < endAt) {
    const visitMs = VISIT_MS[0] + Math.random() * (VISIT_MS[1] - VISIT_MS[0]);
    await simulatePatient(baseUrl, email, n, Math.min(endAt, Date.now() + visitMs));
  }
}

/** The verdict of FLAT_RULE for one table, and the figures behind it. */
export function flatness(series: readonly { seconds: number; count: number }[], withoutPurge: number) {
  const settled = series.filter((p) => p.seconds >= SETTLED_AFTER_S);
  if (settled.length < 4)
    return {
      flat: false,
      why: `no verdict: fewer than 4 samples from ${SETTLED_AFTER_S} s on (a longer SOAK_SECONDS)`,
    };
  const middle = (settled[0]!.seconds + settled.at(-1)!.seconds) / 2;
  const max = (points: typeof settled) => Math.max(...points.map((p) => p.count));
  const first = max(settled.filter((p) => p.seconds < middle));
  const second = max(settled.filter((p) => p.seconds >= middle));
  const last = settled.at(-1)!.count;
  const bounded = second <= 1.5 * first;
  const purged = last <= withoutPurge / 2;
  return {
    flat: bounded && purged,
    why:
      `highest ${first} then ${second} (${bounded ? '≤' : '>'} 1.5 × ${first}); ` +
      `last ${last} of ${withoutPurge} without a purge (${purged ? '≤' : '>'} half)`,
  };
}

export async function runSoakSuite(): Promise<boolean> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    console.log(
      'The soak counts rows while the portal runs, which PGlite does not allow (the portal holds its ' +
        'files locked): set DATABASE_URL. The purge on PGlite is tested in apps/server/test/jobs/purge.test.ts.',
    );
    return false;
  }
  console.log(
    `Soak: ${PATIENTS} patients for ${SECONDS} s, visits of ${VISIT_MS[0] / 1000}–${VISIT_MS[1] / 1000} s, ` +
      `HANDSHAKE_TTL_SECONDS=${HANDSHAKE_TTL_SECONDS}, PURGE_INTERVAL_SECONDS=${PURGE_INTERVAL_SECONDS}, ` +
      `rows counted every ${SAMPLE_EVERY_MS / 1000} s`,
  );
  const portal = await startPortal(databaseUrl, {
    beforeStart: async (env) => {
      env.HANDSHAKE_TTL_SECONDS = String(HANDSHAKE_TTL_SECONDS);
      env.PURGE_INTERVAL_SECONDS = String(PURGE_INTERVAL_SECONDS);
    },
  });
  try {
    console.log(`Portal database: ${portal.engine}`);
    // Fresh addresses each run: a database that soaked before already has the last run's patients.
    const run = Date.now().toString(36);
    const emails = Array.from({ length: PATIENTS }, (_, i) => `soak-${run}-${i}@bench.example`);
    await createVerifiedPatients(portal, emails, PASSWORD);
    console.log(`${emails.length} patients signed up and verified; the clock starts now.`);

    const startedAt = Date.now();
    const endAt = startedAt + SECONDS * 1000;
    const series: Point[] = [];
    let lastPurge = await purgeStartedAt(databaseUrl);
    const sample = async () => {
      const rows = (await countGrowingTables(databaseUrl))!;
      const purge = await purgeStartedAt(databaseUrl);
      series.push({
        seconds: Math.round((Date.now() - startedAt) / 1000),
        rows,
        purged: purge !== lastPurge,
      });
      lastPurge = purge;
    };
    await sample();
    const sampling = (async () => {
      for (let next = startedAt + SAMPLE_EVERY_MS; next <= endAt; next += SAMPLE_EVERY_MS) {
        await sleep(next - Date.now());
        await sample();
      }
    })();
    await Promise.all(emails.map((email, n) => visits(portal.service.baseUrl, email, n, endAt)));
    await sampling;

    const passed = report(SECONDS);
    console.log(
      formatTable(
        [
          { header: 's', align: 'right' },
          ...SHOWN.map((t) => ({ header: t, align: 'right' as const })),
          { header: 'purge' },
        ],
        series.map((p) => [String(p.seconds), ...SHOWN.map((t) => String(p.rows[t])), p.purged ? 'ran' : '']),
      ),
    );
    const count = (kind: string) => samples.filter((s) => s.kind === kind && !s.error).length;
    // A handshake is one row; every sealed request (sign-in, draft, save) spends one salt.
    const created = {
      handshakes: count('handshake'),
      used_salts: count('login') + count('intake draft') + count('intake save'),
    };
    console.log(`Rule: ${FLAT_RULE}.`);
    let flat = true;
    for (const table of WATCHED) {
      const verdict = flatness(
        series.map((p) => ({ seconds: p.seconds, count: p.rows[table] })),
        series[0]!.rows[table] + created[table],
      );
      flat &&= verdict.flat;
      console.log(
        `${table}: ${verdict.flat ? 'flat' : 'GROWING'}: ${verdict.why}; the run created ${created[table]}`,
      );
    }
    console.log(
      'sessions, refresh_tokens and audit_log grow by design: kept 30 days after a session ends and six years (docs/operations.md, "Retention").',
    );
    return passed && flat;
  } finally {
    await portal.close();
  }
}
