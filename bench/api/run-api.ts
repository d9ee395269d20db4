import { availableParallelism, cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEventLoopDelayWindow, type EventLoopDelay } from '../lib/event-loop-delay.ts';
import { startLatencyProbe, type LatencySummary } from '../lib/latency-probe.ts';
import { drain, measureRun, warmUp, type Measurement } from '../lib/measure.ts';
import type { Service } from '../lib/service-process.ts';
import { eventLoopDelayLine, latencyLine, misses, resultTable, type ScenarioResult } from './report.ts';
import type { Scenario } from './scenario.ts';
import { baselineScenario } from './scenarios/baseline.ts';
import { EVENT_POLL_CONNECTIONS, eventPollScenario } from './scenarios/event-poll.ts';
import { handshakeScenario } from './scenarios/handshake.ts';
import { loginScenario } from './scenarios/login.ts';
import { sealedGetScenario } from './scenarios/sealed-get.ts';
import { loadSettings, type ApiBenchSettings } from './settings.ts';
import { startBaseline } from './start-baseline.ts';
import { startPortal, type PortalUnderTest } from './start-portal.ts';
import { judge } from './targets.ts';

const PROBE_INTERVAL_MS = 50;
const IDLE_PROBE_SECONDS = 2;

/** The API suite: a bare Fastify baseline and the portal, each in its own process. True when every target passed. */
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
  const baseline = await startBaseline();
  try {
    const portal = await startPortal(settings.databaseUrl);
    try {
      console.log(`Portal database: ${portal.engine}`);
      return await benchmark(baseline, portal, settings);
    } finally {
      await portal.close();
    }
  } finally {
    await baseline.stop();
  }
}

async function benchmark(baseline: Service, portal: PortalUnderTest, settings: ApiBenchSettings) {
  const portalUrl = portal.service.baseUrl;
  const healthUrl = `${portalUrl}/healthz`;
  const eventLoopWindow = () => startEventLoopDelayWindow(`${portalUrl}/metrics`, portal.metricsToken);

  const baselineRun = baselineScenario(baseline.baseUrl, EVENT_POLL_CONNECTIONS);
  const baselineMeasured = await runScenario(baselineRun, settings);

  const idleLoop = await eventLoopWindow();
  const idleProbe = startLatencyProbe(healthUrl, PROBE_INTERVAL_MS);
  await sleep(IDLE_PROBE_SECONDS * 1000);
  const idle = await idleProbe.stop();
  const idleDelay = await idleLoop.stop();

  const handshake = await handshakeScenario(portalUrl);
  const handshakeMeasured = await runScenario(handshake, settings);

  const login = await loginScenario(portalUrl, settings.warmupSeconds + settings.seconds);
  await warmUpScenario(login, settings);
  // argon2 runs on libuv's thread pool: the portal's own delay, scraped right before and right
  // after exactly the measured run, and the outside probe show whether the event loop stays free.
  const stormLoop = await eventLoopWindow();
  const stormProbe = startLatencyProbe(healthUrl, PROBE_INTERVAL_MS);
  const loginMeasured = await measureScenario(login, settings);
  const stormDelay = await stormLoop.stop();
  const storm = await stormProbe.stop();
  await drain(login.load);

  const poll = await eventPollScenario(portalUrl);
  const pollMeasured = await runScenario(poll, settings);

  const sealedGet = await sealedGetScenario(portalUrl);
  const sealedGetMeasured = await runScenario(sealedGet, settings);

  const runs: [Scenario, Measurement, EventLoopDelay?][] = [
    [baselineRun, baselineMeasured],
    [handshake, handshakeMeasured],
    [login, loginMeasured, stormDelay],
    [poll, pollMeasured],
    [sealedGet, sealedGetMeasured],
  ];
  const results: ScenarioResult[] = runs.map(([scenario, measured, eventLoopDelay]) => ({
    scenario,
    measured,
    verdict: judge(scenario, measured, baselineMeasured, eventLoopDelay),
  }));
  console.log(`Load average after the run: ${formatLoad()}`);
  printReport(results, { idle, storm }, { idle: idleDelay, storm: stormDelay }, portal);
  return results.every((result) => result.verdict.passed);
}

function printReport(
  results: ScenarioResult[],
  probes: { idle: LatencySummary; storm: LatencySummary },
  delays: { idle: EventLoopDelay; storm: EventLoopDelay },
  portal: PortalUnderTest,
): void {
  console.log('\nEvery scenario must answer 2xx only (0 non-2xx, 0 errors); "—": no other target yet.\n');
  console.log(resultTable(results));
  const login = results.find((result) => result.scenario.maxEventLoopP99Ms !== undefined);
  console.log(
    `\nPortal event-loop delay from inside (perf_hooks.monitorEventLoopDelay via its /metrics; each sample ` +
      `includes the monitor's 10 ms interval, so an idle loop reads about 10 ms), ` +
      `target during the login run: p99 ≤ ${login?.scenario.maxEventLoopP99Ms ?? '—'} ms`,
  );
  console.log(`  ${eventLoopDelayLine('idle', delays.idle)}`);
  console.log(`  ${eventLoopDelayLine('login storm', delays.storm, login?.scenario.maxEventLoopP99Ms)}`);
  console.log(
    `\nPortal event-loop delay seen from outside: GET /healthz every ${PROBE_INTERVAL_MS} ms on its own connection ` +
      '(answer time: loop delay plus a loopback round trip and the wait for a core; no target)',
  );
  console.log(`  ${latencyLine('idle', probes.idle)}`);
  console.log(`  ${latencyLine('login storm', probes.storm)}`);
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

/** Warm-up, measured run, then a drain so the next scenario starts on an idle server. */
async function runScenario(scenario: Scenario, settings: ApiBenchSettings): Promise<Measurement> {
  await warmUpScenario(scenario, settings);
  const measured = await measureScenario(scenario, settings);
  await drain(scenario.load);
  return measured;
}

async function warmUpScenario(scenario: Scenario, settings: ApiBenchSettings): Promise<void> {
  console.log(`${scenario.name}: ${scenario.request}, ${scenario.connections} connections`);
  await warmUp(scenario.load, { connections: scenario.connections, seconds: settings.warmupSeconds });
  await drain(scenario.load);
}

function measureScenario(scenario: Scenario, settings: ApiBenchSettings): Promise<Measurement> {
  return measureRun(scenario.load, { connections: scenario.connections, seconds: settings.seconds });
}

function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}
