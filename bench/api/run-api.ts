import { availableParallelism, cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEventLoopDelayWindow } from '../lib/event-loop-delay.ts';
import { startLatencyProbe } from '../lib/latency-probe.ts';
import { drain, measureRun, warmUp, type Measurement } from '../lib/measure.ts';
import type { Service } from '../lib/service-process.ts';
import { FLOOR_ROW, SEALED_FLOOR_ROW } from './floor-identity.ts';
import {
  eventLoopDelayLine,
  formerYardstickLines,
  latencyLine,
  misses,
  notJudged,
  resultTable,
  isMeasured,
  type PortalWatched,
  type RowResult,
} from './report.ts';
import { yardstickName, type Scenario, type SkippedScenario } from './scenario.ts';
import { baselineScenario } from './scenarios/baseline.ts';
import { chartReadScenario } from './scenarios/chart-read.ts';
import { documentsListScenario } from './scenarios/documents-list.ts';
import {
  eventPollScenario,
  pollBaselineScenario,
  pollFloorScenario,
  pollSessions,
} from './scenarios/event-poll.ts';
import { floorScenario, sealedFloorScenario } from './scenarios/floor.ts';
import { handshakeScenario } from './scenarios/handshake.ts';
import { loginScenario } from './scenarios/login.ts';
import { medicalHistorySaveScenario } from './scenarios/medical-history-save.ts';
import { profileReadScenario } from './scenarios/profile-read.ts';
import { hostileUploadStorm, printStorm, stormMisses } from './hostile-upload-storm.ts';
import { loadSettings, type ApiBenchSettings } from './settings.ts';
import { startPortal, type PortalUnderTest } from './start-portal.ts';
import { measureStartTimes, START_TIME_RUNS, startTimeTable } from './start-time.ts';
import { startBaseline, startFloor, startPollFloor } from './start-yardsticks.ts';
import { judge } from './targets.ts';

const PROBE_INTERVAL_MS = 50;
/** The opening baseline runs at the reads' concurrency; rows judged against nothing else divide by it. */
const OPENING_BASELINE_CONNECTIONS = 100;
const IDLE_PROBE_SECONDS = 2;

/**
 * The API suite: a bare Fastify baseline, the portal, the event poll's floor and (on PostgreSQL)
 * the floors of a sealed read, each in its own process, under load one scenario at a time; then, with all of them
 * stopped, the portal restarted on the run's database, from its TypeScript and from its build,
 * for the start times. True when every target passed.
 */
export async function runApiSuite(): Promise<boolean> {
  const settings = loadSettings();
  console.log(
    `API benchmark: Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
      `${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured per scenario; ` +
      `rows judged against a yardstick in ${settings.pairs} pairs, on the median ratio`,
  );
  // Other work on the machine shifts every figure; the load average tells a reader how quiet it was.
  console.log(`Load average before the run: ${formatLoad()}`);
  if (loadavg()[0]! > availableParallelism()) {
    console.warn('The machine is busy (load above its CPU count): expect lower, noisier figures.');
  }
  const services: Service[] = [];
  const stopServices = async () => {
    for (let service = services.pop(); service; service = services.pop()) await service.stop();
  };
  let portal: PortalUnderTest | undefined;
  try {
    const baseline = await startBaseline();
    services.push(baseline);
    portal = await startPortal(settings.databaseUrl);
    services.push(portal.service);
    const pollFloor = await startPollFloor(portal.env.JWT_SECRET!);
    services.push(pollFloor);
    const floor = settings.databaseUrl === undefined ? undefined : await startFloor(settings.databaseUrl);
    if (floor !== undefined) services.push(floor);
    console.log(`Portal database: ${portal.engine}`);
    const results = await benchmark({ baseline, portal, pollFloor, floor }, settings);
    console.log(`Load average after the load scenarios: ${formatLoad()}`);
    printLoadReport(results.rows, results.idle, portal);
    const storm = await hostileUploadStorm(portal);
    printStorm(storm);

    // The same node restarted, as a deploy restarts it: its database migrated and seeded, its
    // keys and DATA_DIR, and nothing else running beside it.
    await stopServices();
    console.log(
      `\nProcess start to /readyz 200, restarting the portal on this run's database: ` +
        `${START_TIME_RUNS} starts of each, alternating, after one unmeasured (load average ${formatLoad()})`,
    );
    const start = startTimeTable(await measureStartTimes(portal.env));
    console.log(start.table);

    const missed = [
      ...misses(results.rows),
      ...stormMisses(storm),
      ...(start.passed ? [] : ['start: the build started no sooner than tsx']),
    ];
    const unjudged = notJudged(results.rows);
    if (unjudged.length > 0) console.log(`\nNot judged:\n${unjudged.map((line) => `  ${line}`).join('\n')}`);
    console.log(
      missed.length === 0 ? '\nAll targets met.' : `\nMissed:\n${missed.map((m) => `  ${m}`).join('\n')}`,
    );
    return missed.length === 0;
  } finally {
    await stopServices();
    await portal?.close();
  }
}

interface Servers {
  baseline: Service;
  portal: PortalUnderTest;
  pollFloor: Service;
  /** Undefined on PGlite: the floors measure PostgreSQL statements. */
  floor: Service | undefined;
}

/**
 * The scenarios in the order they run, each set up right before its own run. A row judged
 * against another runs right after it, after its former yardstick: the bare baseline, the poll
 * floor, then the event poll; the read floor, the sealed read floor, then the profile read,
 * then the documents list.
 */
function plan({ baseline, portal, pollFloor, floor }: Servers, settings: ApiBenchSettings) {
  const portalUrl = portal.service.baseUrl;
  let sessions: Promise<Record<string, string>[]> | undefined;
  const signedInSessions = () => (sessions ??= pollSessions(portalUrl));
  const onPostgres = (row: { name: string; request: string }, make: (floorUrl: string) => Scenario) => () =>
    Promise.resolve<Scenario | SkippedScenario>(
      floor === undefined ? { ...row, notMeasured: 'not measured on PGlite' } : make(floor.baseUrl),
    );
  return [
    () => handshakeScenario(portalUrl),
    () => loginScenario(portalUrl, settings.warmupSeconds + settings.seconds),
    async () => pollBaselineScenario(baseline.baseUrl),
    async () => pollFloorScenario(pollFloor.baseUrl, await signedInSessions()),
    async () => eventPollScenario(portalUrl, await signedInSessions()),
    onPostgres(FLOOR_ROW, floorScenario),
    onPostgres(SEALED_FLOOR_ROW, sealedFloorScenario),
    () => profileReadScenario(portalUrl),
    () => documentsListScenario(portalUrl),
    () => medicalHistorySaveScenario(portal),
    () => chartReadScenario(portal),
  ];
}

async function benchmark(
  servers: Servers,
  settings: ApiBenchSettings,
): Promise<{ rows: RowResult[]; idle: PortalWatched }> {
  const { baseline, portal } = servers;
  const portalUrl = portal.service.baseUrl;
  const healthUrl = `${portalUrl}/healthz`;
  const eventLoopWindow = () => startEventLoopDelayWindow(`${portalUrl}/metrics`, portal.metricsToken);

  const openingScenario = baselineScenario(baseline.baseUrl, OPENING_BASELINE_CONNECTIONS);
  const { measured: opening } = await runScenario(openingScenario, settings);
  const rows: RowResult[] = [
    {
      scenario: openingScenario,
      measured: opening,
      yardstick: undefined,
      verdict: judge(openingScenario, opening, undefined),
    },
  ];
  /** Every measured row by name, for the rows judged against an earlier one. */
  const measuredRows = new Map<string, Measurement>([[yardstickName('opening baseline'), opening]]);

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

  /** Every scenario made so far by name, so a row's yardstick can be measured again beside it. */
  const made = new Map<string, Scenario>();
  for (const make of plan(servers, settings)) {
    const scenario = await make();
    if ('notMeasured' in scenario) {
      rows.push({ skipped: scenario });
      continue;
    }
    made.set(scenario.name, scenario);
    const { yardstick = 'opening baseline', alsoAgainst } = scenario;
    // A row judged against the run before it; not when that row could not be measured (PGlite).
    const judgedAgainstNeighbour =
      made.has(yardstickName(yardstick)) && (scenario.minRatio ?? scenario.maxP99Ratio) !== undefined;
    // The first pair's yardsticks are the rows measured right before it; later pairs measure
    // them again, the former one first, right before the row's own run.
    const measureRow = async (name: string, pair: number): Promise<Measurement | undefined> => {
      const row = made.get(name);
      return pair === 0 || row === undefined
        ? measuredRows.get(name)
        : (await runScenario(row, settings)).measured;
    };
    const pairs: Pair[] = [];
    for (let pair = 0; pair < (judgedAgainstNeighbour ? settings.pairs : 1); pair++) {
      const former = alsoAgainst && (await measureRow(alsoAgainst.row, pair));
      const against = await measureRow(yardstickName(yardstick), pair);
      const { measured, watched } = await runScenario(scenario, settings, watchPortal);
      pairs.push({ measured, against, former, watched });
    }
    const { measured, against, former, watched } = medianPair(pairs);
    measuredRows.set(scenario.name, measured);
    rows.push({
      scenario,
      measured,
      yardstick: against,
      watched,
      verdict: judge(scenario, measured, against, watched?.delay),
      ...(pairs.length > 1 && { pairRatios: pairs.map(ratioOf) }),
      ...(alsoAgainst && {
        former: {
          name: alsoAgainst.row,
          measured: former,
          ratios: pairs.map((p) => ratioOf({ ...p, against: p.former })),
        },
      }),
    });
  }
  return { rows, idle };
}

interface Pair {
  measured: Measurement;
  against: Measurement | undefined;
  /** The row's former yardstick in the same pair, when it has one. */
  former?: Measurement | undefined;
  watched: PortalWatched | undefined;
}

const ratioOf = ({ measured, against }: Pick<Pair, 'measured' | 'against'>) =>
  against === undefined ? Number.NaN : measured.requestsPerSecond / against.requestsPerSecond;

/** The pair whose ratio is the median (the lower middle one of an even count). */
function medianPair(pairs: readonly Pair[]): Pair {
  const sorted = [...pairs].sort((a, b) => ratioOf(a) - ratioOf(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function printLoadReport(rows: RowResult[], idle: PortalWatched, portal: PortalUnderTest): void {
  console.log(
    '\nEvery scenario must answer 2xx only (0 non-2xx, 0 errors); "—": no other target. "yardstick": what ' +
      'the ratio and the relative targets divide by: the opening baseline run, or a row measured right ' +
      'before it in this run.\n',
  );
  console.log(resultTable(rows));
  const formerLines = formerYardstickLines(rows);
  if (formerLines.length > 0) {
    console.log(
      `\nFormer yardsticks (measured in the same pairs, right before the judged one; printed, not judged):\n` +
        formerLines.map((line) => `  ${line}`).join('\n'),
    );
  }
  const login = rows.filter(isMeasured).find((result) => result.watched !== undefined);
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
