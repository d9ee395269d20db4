import { availableParallelism, cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEventLoopDelayWindow } from '../lib/event-loop-delay.ts';
import { startLatencyProbe } from '../lib/latency-probe.ts';
import { drain, measureRun, warmUp, type Measurement } from '../lib/measure.ts';
import type { Service } from '../lib/service-process.ts';
import {
  eventLoopDelayLine,
  latencyLine,
  misses,
  resultTable,
  isMeasured,
  type PortalWatched,
  type RowResult,
} from './report.ts';
import { hasPairedBaseline, type Scenario, type SkippedScenario } from './scenario.ts';
import { baselineScenario } from './scenarios/baseline.ts';
import { documentsListScenario } from './scenarios/documents-list.ts';
import { eventPollScenario } from './scenarios/event-poll.ts';
import { FLOOR_ROW, floorScenario } from './scenarios/floor.ts';
import { handshakeScenario } from './scenarios/handshake.ts';
import { loginScenario } from './scenarios/login.ts';
import { medicalHistorySaveScenario } from './scenarios/medical-history-save.ts';
import { profileReadScenario } from './scenarios/profile-read.ts';
import { loadSettings, type ApiBenchSettings } from './settings.ts';
import { startPortal, type PortalUnderTest } from './start-portal.ts';
import { startBaseline, startFloor } from './start-yardsticks.ts';
import { judge } from './targets.ts';

const PROBE_INTERVAL_MS = 50;
/** The opening baseline runs at the reads' concurrency; rows without a paired baseline divide by it. */
const OPENING_BASELINE_CONNECTIONS = 100;
const IDLE_PROBE_SECONDS = 2;

/**
 * The API suite: a bare Fastify baseline, the portal and (on PostgreSQL) the floor of a sealed
 * read, each in its own process. True when every target passed.
 */
export async function runApiSuite(): Promise<boolean> {
  const settings = loadSettings();
  console.log(
    `API benchmark: Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
      `${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured per scenario`,
  );
  // Other work on the machine shifts every figure; the load average tells a reader how quiet it was.
  console.log(`Load average before the run: ${formatLoad()}`);
  if (loadavg()[0]! > availableParallelism()) {
    console.warn('The machine is busy (load above its CPU count): expect lower, noisier figures.');
  }
  const services: { stop(): Promise<void> }[] = [];
  try {
    const baseline = await startBaseline();
    services.push(baseline);
    const portal = await startPortal(settings.databaseUrl);
    services.push({ stop: () => portal.close() });
    const floor = settings.databaseUrl === undefined ? undefined : await startFloor(settings.databaseUrl);
    if (floor !== undefined) services.push(floor);
    console.log(`Portal database: ${portal.engine}`);
    return await benchmark({ baseline, portal, floor }, settings);
  } finally {
    for (const service of services.reverse()) await service.stop();
  }
}

interface Servers {
  baseline: Service;
  portal: PortalUnderTest;
  /** Undefined on PGlite: the floor measures PostgreSQL statements. */
  floor: Service | undefined;
}

/** The scenarios in the order they run, each set up right before its own run. */
function plan({ portal, floor }: Servers, settings: ApiBenchSettings) {
  const portalUrl = portal.service.baseUrl;
  return [
    () => handshakeScenario(portalUrl),
    () => loginScenario(portalUrl, settings.warmupSeconds + settings.seconds),
    () => eventPollScenario(portalUrl),
    () => profileReadScenario(portalUrl),
    async (): Promise<Scenario | SkippedScenario> =>
      floor === undefined
        ? { ...FLOOR_ROW, notMeasured: 'not measured on PGlite' }
        : floorScenario(floor.baseUrl),
    () => documentsListScenario(portalUrl),
    () => medicalHistorySaveScenario(portal),
  ];
}

async function benchmark(servers: Servers, settings: ApiBenchSettings): Promise<boolean> {
  const { baseline, portal } = servers;
  const portalUrl = portal.service.baseUrl;
  const healthUrl = `${portalUrl}/healthz`;
  const eventLoopWindow = () => startEventLoopDelayWindow(`${portalUrl}/metrics`, portal.metricsToken);

  const openingScenario = baselineScenario(baseline.baseUrl, OPENING_BASELINE_CONNECTIONS);
  const { measured: opening } = await runScenario(openingScenario, settings);
  const results: RowResult[] = [
    {
      scenario: openingScenario,
      measured: opening,
      baseline: undefined,
      verdict: judge(openingScenario, opening, opening),
    },
  ];

  // argon2 runs on libuv's thread pool: the portal's own delay, scraped right before and right
  // after exactly the measured run, and the outside probe show whether the event loop stays free.
  const watchPortal: PortalWatch = async () => {
    const loop = await eventLoopWindow();
    const probe = startLatencyProbe(healthUrl, PROBE_INTERVAL_MS);
    return async () => ({ delay: await loop.stop(), probe: await probe.stop() });
  };
  const stopIdleWatch = await watchPortal();
  await sleep(IDLE_PROBE_SECONDS * 1000);
  const idle = await stopIdleWatch();

  for (const make of plan(servers, settings)) {
    const scenario = await make();
    if ('notMeasured' in scenario) {
      results.push({ skipped: scenario });
      continue;
    }
    const paired = hasPairedBaseline(scenario)
      ? (await runScenario(baselineScenario(baseline.baseUrl, scenario.connections), settings)).measured
      : undefined;
    const { measured, watched } = await runScenario(scenario, settings, watchPortal);
    const against = paired ?? opening;
    results.push({
      scenario,
      measured,
      baseline: { measured: against, paired: paired !== undefined },
      watched,
      verdict: judge(scenario, measured, against, watched?.delay),
    });
  }
  console.log(`Load average after the run: ${formatLoad()}`);
  printReport(results, idle, portal);
  return results.filter(isMeasured).every((result) => result.verdict.passed);
}

function printReport(results: RowResult[], idle: PortalWatched, portal: PortalUnderTest): void {
  console.log(
    '\nEvery scenario must answer 2xx only (0 non-2xx, 0 errors); "—": no other target. ' +
      '"baseline": the bare baseline measured right before the scenario at its connections ' +
      '(paired), else the opening baseline run; "vs baseline" divides by it.\n',
  );
  console.log(resultTable(results));
  const login = results.filter(isMeasured).find((result) => result.watched !== undefined);
  console.log(
    `\nPortal event-loop delay from inside (perf_hooks.monitorEventLoopDelay via its /metrics; each sample ` +
      `includes the monitor's 10 ms interval, so an idle loop reads about 10 ms), ` +
      `target during the login run: p99 ≤ ${login?.scenario.maxEventLoopP99Ms ?? '—'} ms`,
  );
  console.log(`  ${eventLoopDelayLine('idle', idle.delay)}`);
  if (login?.watched) {
    const { delay } = login.watched;
    console.log(`  ${eventLoopDelayLine('login storm', delay, login.scenario.maxEventLoopP99Ms)}`);
  }
  console.log(
    `\nPortal event-loop delay seen from outside: GET /healthz every ${PROBE_INTERVAL_MS} ms on its own connection ` +
      '(answer time: loop delay plus a loopback round trip and the wait for a core; no target)',
  );
  console.log(`  ${latencyLine('idle', idle.probe)}`);
  if (login?.watched) console.log(`  ${latencyLine('login storm', login.watched.probe)}`);
  const missed = misses(results);
  console.log(
    missed.length === 0 ? '\nAll targets met.' : `\nMissed:\n${missed.map((m) => `  ${m}`).join('\n')}`,
  );
  const logged = portal.log.summary();
  console.log(
    logged.length === 0
      ? 'Portal logged no warnings or errors.'
      : `Portal warnings and errors:\n${logged.map((line) => `  ${line}`).join('\n')}`,
  );
}

/** Starts watching the portal's event loop; the function it returns stops and reports. */
type PortalWatch = () => Promise<() => Promise<PortalWatched>>;

/**
 * Warm-up, measured run, each followed by a drain so the next run starts on an idle server.
 * A scenario with an event-loop target has the portal watched over exactly its measured run.
 */
async function runScenario(
  scenario: Scenario,
  settings: ApiBenchSettings,
  watchPortal?: PortalWatch,
): Promise<{ measured: Measurement; watched?: PortalWatched }> {
  console.log(`${scenario.name}: ${scenario.request}, ${scenario.connections} connections`);
  const shape = (seconds: number) => ({ connections: scenario.connections, seconds });
  await scenario.beforeRun?.(settings.warmupSeconds);
  await warmUp(scenario.load, shape(settings.warmupSeconds));
  await drain(scenario.load);
  await scenario.beforeRun?.(settings.seconds);
  const stopWatching = scenario.maxEventLoopP99Ms === undefined ? undefined : await watchPortal?.();
  const measured = await measureRun(scenario.load, shape(settings.seconds));
  const watched = await stopWatching?.();
  await drain(scenario.load);
  return { measured, watched };
}

function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}
