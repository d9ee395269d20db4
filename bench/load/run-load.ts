import { availableParallelism, cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Codes } from '@portal/protocol';
import { PortalClient, type PortalRequest, type PortalResponse } from '@portal/protocol/testing';
import { percentile } from '../lib/percentile.ts';
import { formatTable } from '../lib/table.ts';
import { createVerifiedPatients } from '../lib/verified-patients.ts';
import { startPortal } from '../api/start-portal.ts';
import { countGrowingTables, reportTableRows } from './table-rows.ts';

/**
 * `npm run bench -- load`: simulated patients against one portal process on loopback, each
 * doing what the web app does for a patient filling in the intake form: handshake and sign-in,
 * then an event poll every 10 s (spec §9) and a sealed intake save every few seconds (the
 * form autosaves a draft 1 s after typing stops; every fourth save completes the section).
 * Passes when not one request failed. DATABASE_URL picks PostgreSQL, else PGlite.
 */
const PATIENTS = positive('LOAD_PATIENTS', 200);
const SECONDS = positive('LOAD_SECONDS', 60);
const EVENT_POLL_MS = 10_000;
/** A patient pauses this long (uniformly) between two saves while typing. */
const SAVE_PAUSE_MS = [2_000, 8_000] as const;
const FULL_SAVE_EVERY = 4;
/** Sign-ins spread over this window, as patients arrive over time rather than all at once. */
const RAMP_MS = 10_000;
export const PASSWORD = 'Load-test-patient-2025';

export function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

export type Kind = 'handshake' | 'login' | 'refresh' | 'intake draft' | 'intake save' | 'event poll';

interface Sample {
  kind: Kind;
  ms: number;
  /** Empty when the request succeeded (HTTP 200, code 0). */
  error: string;
}

/** Every request of the run, in the order they finished. */
export const samples: Sample[] = [];

async function timed(kind: Kind, work: () => Promise<{ status: number; body: unknown }>) {
  const started = performance.now();
  let error = '';
  let answer: { status: number; body: unknown } | undefined;
  try {
    answer = await work();
    const code = (answer.body as { code?: unknown } | null)?.code;
    if (answer.status !== 200 || code !== 0) error = `HTTP ${answer.status} code ${String(code)}`;
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  samples.push({ kind, ms: performance.now() - started, error });
  return error ? undefined : answer;
}

/** 0 → 'A', 27 → 'AB': names are letters (protocol nameSchema), so a patient's number is spelt. */
const spelt = (n: number): string =>
  (n >= 26 ? spelt(Math.floor(n / 26) - 1) : '') + String.fromCharCode(65 + (n % 26));

const profile = (n: number) => ({
  first_name: 'Load',
  last_name: `Patient ${spelt(n)}`,
  date_of_birth: '1955-06-15',
  sex_at_birth: 'female',
  preferred_language: 'en',
  height_cm: 160 + (n % 20),
});

/**
 * `client.send`, answering 10014 as the web app does (spec §8): handshake again, refresh the
 * tokens on the new uid (an access token is bound to its uid), and retry once. One renewal at a
 * time per client, and no request leaves meanwhile: two refreshes of one token would revoke its
 * family. Only a handshake that idled past HANDSHAKE_TTL_SECONDS (the soak's 5 s) needs it.
 */
function renewingOnUnknownHandshake(client: PortalClient) {
  let renewing: Promise<unknown> | undefined;
  const renew = () =>
    (renewing ??= (async () => {
      if (
        !(await timed(
          'handshake',
          async () => (await client.handshake(), { status: 200, body: { code: 0 } }),
        ))
      )
        return;
      await timed('refresh', async () => (await client.refresh(), { status: 200, body: { code: 0 } }));
    })().finally(() => (renewing = undefined)));
  return async (req: PortalRequest): Promise<PortalResponse> => {
    await renewing;
    const uid = client.uid;
    const answer = await client.send(req);
    if ((answer.body as { code?: unknown } | null)?.code !== Codes.unknownHandshake) return answer;
    // Another request of this patient may have renewed the handshake already.
    if (client.uid === uid) await renew();
    else await renewing;
    return client.send(req);
  };
}

/** One visit: arrival within the ramp, handshake, sign-in, then polls and saves until `endAt`. */
export async function simulatePatient(baseUrl: string, email: string, n: number, endAt: number) {
  await sleep(Math.random() * RAMP_MS);
  if (Date.now() >= endAt) return;
  const client = new PortalClient({ baseUrl });
  const send = renewingOnUnknownHandshake(client);
  const keys = await timed('handshake', async () => {
    await client.handshake();
    return { status: 200, body: { code: 0 } };
  });
  if (!keys) return;
  const login = await timed('login', async () => {
    await client.login(email, PASSWORD);
    return { status: 200, body: { code: 0 } };
  });
  if (!login) return;

  const polling = (async () => {
    for (let next = Date.now() + EVENT_POLL_MS; next < endAt; next += EVENT_POLL_MS) {
      await sleep(next - Date.now());
      await timed('event poll', () => send({ method: 'GET', path: '/patient/event/' }));
    }
  })();

  let version = 0;
  for (let save = 1; ; save++) {
    const pause = SAVE_PAUSE_MS[0] + Math.random() * (SAVE_PAUSE_MS[1] - SAVE_PAUSE_MS[0]);
    if (Date.now() + pause >= endAt) break;
    await sleep(pause);
    const full = save % FULL_SAVE_EVERY === 0;
    const answer = await timed(full ? 'intake save' : 'intake draft', () =>
      send({
        method: 'POST',
        path: '/patient/profile/',
        body: full
          ? { version, value: profile(n) }
          : { version, draft: true, value: { preferred_name: `L${save}` } },
        encrypt: true,
      }),
    );
    const saved = (answer as { data?: { version?: number } } | undefined)?.data?.version;
    if (typeof saved === 'number') version = saved;
  }
  await polling;
}

/** The table of requests; true when there were some and not one failed. */
export function report(seconds: number = SECONDS): boolean {
  const kinds: Kind[] = ['handshake', 'login', 'refresh', 'intake draft', 'intake save', 'event poll'];
  const row = (label: string, of: Sample[]) => {
    const sorted = of.map((s) => s.ms).sort((a, b) => a - b);
    const ms = (p: number) => (sorted.length ? percentile(sorted, p).toFixed(0) : '-');
    return [
      label,
      String(of.length),
      String(of.filter((s) => s.error).length),
      ms(50),
      ms(95),
      ms(99),
      sorted.length ? sorted.at(-1)!.toFixed(0) : '-',
    ];
  };
  const rows = [
    ...kinds.map((k) =>
      row(
        k,
        samples.filter((s) => s.kind === k),
      ),
    ),
    row('all', samples),
  ];
  console.log(
    formatTable(
      [
        { header: 'request' },
        { header: 'count', align: 'right' },
        { header: 'errors', align: 'right' },
        { header: 'p50 ms', align: 'right' },
        { header: 'p95 ms', align: 'right' },
        { header: 'p99 ms', align: 'right' },
        { header: 'max ms', align: 'right' },
      ],
      rows,
    ),
  );
  const errors = samples.filter((s) => s.error);
  const distinct = [...new Set(errors.map((e) => `${e.kind}: ${e.error}`))];
  for (const line of distinct.slice(0, 10)) console.log(`  error ${line}`);
  console.log(
    `${samples.length} requests in ${seconds} s (${(samples.length / seconds).toFixed(1)}/s), ${errors.length} errors`,
  );
  return samples.length > 0 && errors.length === 0;
}

export async function runLoadSuite(): Promise<boolean> {
  console.log(
    `Load test: ${PATIENTS} patients for ${SECONDS} s; Node ${process.version}, ${availableParallelism()} CPUs ` +
      `(${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const portal = await startPortal(process.env.DATABASE_URL || undefined);
  try {
    console.log(`Portal database: ${portal.engine}`);
    // Sign-ups and e-mail verification before the clock starts: setup, not load.
    const emails = Array.from({ length: PATIENTS }, (_, i) => `load-${i}@bench.example`);
    await createVerifiedPatients(portal, emails, PASSWORD);
    console.log(`${emails.length} patients signed up and verified; the clock starts now.`);
    const rowsAtStart = await countGrowingTables(process.env.DATABASE_URL || undefined);
    const endAt = Date.now() + SECONDS * 1000;
    await Promise.all(emails.map((email, n) => simulatePatient(portal.service.baseUrl, email, n, endAt)));
    const passed = report();
    reportTableRows(rowsAtStart, await countGrowingTables(process.env.DATABASE_URL || undefined));
    return passed;
  } finally {
    await portal.close();
  }
}
