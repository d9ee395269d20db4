import { Agent, get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './percentile.ts';

export interface LatencySummary {
  samples: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LatencyProbe {
  stop(): Promise<LatencySummary>;
}

/**
 * One GET at a time, at a fixed pace, on its own keep-alive connection. Aimed at a route that
 * does no I/O, the answer time is the wait for the server's event loop plus a loopback round
 * trip: a view of event-loop delay from outside the process.
 */
export function startLatencyProbe(url: string, intervalMs: number): LatencyProbe {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  let running = true;

  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await getOnce(url, agent);
      const elapsed = performance.now() - started;
      if (ok) latencies.push(elapsed);
      else failures += 1;
      await sleep(Math.max(0, intervalMs - elapsed));
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      const sorted = latencies.toSorted((a, b) => a - b);
      return {
        samples: sorted.length,
        failures,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? Number.NaN,
      };
    },
  };
}

function getOnce(url: string, agent: Agent): Promise<boolean> {
  return new Promise((resolve) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
      response.on('error', () => resolve(false));
    }).on('error', () => resolve(false));
  });
}
