import { SAMPLE_COVERAGE, noisePdfWithTrailer } from '@portal/server/testing';
import type { EventLoopDelay } from '../lib/event-loop-delay.ts';
import { startEventLoopDelayWindow } from '../lib/event-loop-delay.ts';
import { drain, startLoad, type Measurement } from '../lib/measure.ts';
import { DEMO_PATIENT } from './demo-accounts.ts';
import { eventLoopDelayLine } from './report.ts';
import { loginScenario } from './scenarios/login.ts';
import { signIn } from './scenarios/signed-in.ts';
import { startPortal, type PortalUnderTest } from './start-portal.ts';

/** Hostile insurance cards sent in all, and at most this many at once: bounded, loopback only. */
const UPLOADS = 12;
const AT_ONCE = 4;
/**
 * The portal's own event-loop delay while it judges them and verifies logins beside them: what
 * a PDF parse or an argon2 hash on the loop broke.
 */
export const STORM_MAX_EVENT_LOOP_P99_MS = 50;
/** The login storm's longest run; it stops when the uploads are done, and the sealed logins last this long. */
const LOGIN_STORM_MAX_SECONDS = 60;

export interface StormResult {
  uploads: number;
  /** How many answered 10415 (each should: the file is no PDF) and what else came back. */
  answers: Record<string, number>;
  seconds: number;
  /** The logins sent at the same time, at the login scenario's connections. */
  logins: Measurement;
  /** What kept the logins from sending what they meant to (a salt reused). */
  loginProblems: string[];
  delay: EventLoopDelay;
}

/**
 * The demo patient sends 5 MB of random bytes that end as a PDF ends (so they pass the
 * structural check and reach the parser) as an insurance card, AT_ONCE at a time, UPLOADS in
 * all, while the login scenario's storm of sign-ins runs beside them and the portal's monitor
 * records its event-loop delay. The parsing runs in the worker pool and argon2 on libuv's
 * threads, so the loop keeps its usual delay; each upload is refused 10415 at its time limit or
 * when pdf-lib gives up, and each login answers 2xx.
 */
export async function hostileUploadStorm(portal: PortalUnderTest): Promise<StormResult> {
  const portalUrl = portal.service.baseUrl;
  const login = await loginScenario(portalUrl, LOGIN_STORM_MAX_SECONDS);
  const patient = await signIn(portalUrl, DEMO_PATIENT);
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  const content = noisePdfWithTrailer().toString('base64');
  const answers: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < UPLOADS; i = next++) {
      const answer = await patient.send({
        method: 'POST',
        path: '/patient/insurance/card/',
        body: { insurance_type: SAMPLE_COVERAGE.insurance_type, side: 'front', content_base64: content },
        encrypt: true,
      });
      const code = String((answer.body as { code?: number }).code ?? answer.status);
      answers[code] = (answers[code] ?? 0) + 1;
    }
  };
  const window = await startEventLoopDelayWindow(`${portalUrl}/metrics`, portal.metricsToken);
  const logins = startLoad(login.load, login.connections, LOGIN_STORM_MAX_SECONDS);
  const started = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  const seconds = (performance.now() - started) / 1000;
  const loginsMeasured = await logins.stop();
  const delay = await window.stop();
  await drain(login.load);
  return {
    uploads: UPLOADS,
    answers,
    seconds,
    logins: loginsMeasured,
    loginProblems: login.problems?.() ?? [],
    delay,
  };
}

/** What the storm missed: a p99 over budget, an upload not refused 10415, or a login not answered 2xx. */
export function stormMisses(result: StormResult): string[] {
  const misses: string[] = result.loginProblems.map((problem) => `hostile upload storm: ${problem}`);
  if (result.logins.non2xx > 0 || result.logins.errors > 0) {
    misses.push(
      `hostile upload storm: logins answered ${result.logins.non2xx} non-2xx and ${result.logins.errors} errors`,
    );
  }
  if (result.delay.p99Ms > STORM_MAX_EVENT_LOOP_P99_MS) {
    misses.push(
      `hostile upload storm: event-loop p99 ${result.delay.p99Ms.toFixed(1)} ms > ${STORM_MAX_EVENT_LOOP_P99_MS} ms`,
    );
  }
  if ((result.answers['10415'] ?? 0) !== result.uploads) {
    misses.push(`hostile upload storm: answers ${JSON.stringify(result.answers)}, not all 10415`);
  }
  return misses;
}

export function printStorm(result: StormResult): void {
  const { logins } = result;
  console.log(
    `\nPortal event-loop delay during a storm of hostile uploads (${result.uploads} × 5 MB of random bytes ending as ` +
      `a PDF, ${AT_ONCE} at once, as insurance cards, ${result.seconds.toFixed(1)} s; answers ${JSON.stringify(result.answers)}) ` +
      `and of logins beside them (POST /token/, ${logins.requestsPerSecond.toFixed(1)} req/s, p99 ${logins.p99Ms.toFixed(0)} ms, ` +
      `${logins.non2xx} non-2xx, ${logins.errors} errors), target p99 ≤ ${STORM_MAX_EVENT_LOOP_P99_MS} ms`,
  );
  console.log(`  ${eventLoopDelayLine('upload storm', result.delay, STORM_MAX_EVENT_LOOP_P99_MS)}`);
}

/** `npm run bench -- upload-storm`: the storm alone, on a portal of its own (PGlite unless DATABASE_URL). */
export async function runUploadStormSuite(): Promise<boolean> {
  const portal = await startPortal(process.env.DATABASE_URL || undefined);
  try {
    const result = await hostileUploadStorm(portal);
    printStorm(result);
    const missed = stormMisses(result);
    console.log(
      missed.length === 0 ? '\nAll targets met.' : `\nMissed:\n${missed.map((m) => `  ${m}`).join('\n')}`,
    );
    return missed.length === 0;
  } finally {
    await portal.close();
  }
}
