export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface EventLoopDelayWindow {
  /** The delay the server's own monitor recorded since `start`. */
  stop(): Promise<EventLoopDelay>;
}

/**
 * The server's event-loop delay as it measures it itself: prom-client's default metrics
 * (`nodejs_eventloop_lag_*_seconds`, perf_hooks.monitorEventLoopDelay) on GET /metrics.
 * prom-client resets that histogram at every scrape, so a scrape right before a run and one
 * right after it give the delay over exactly that run. No other scraper may read the same
 * process meanwhile (the bench's portal has none).
 */
export async function startEventLoopDelayWindow(
  metricsUrl: string,
  token: string,
): Promise<EventLoopDelayWindow> {
  await scrape(metricsUrl, token);
  return {
    async stop() {
      const metrics = await scrape(metricsUrl, token);
      return {
        p50Ms: gaugeMs(metrics, 'nodejs_eventloop_lag_p50_seconds'),
        p99Ms: gaugeMs(metrics, 'nodejs_eventloop_lag_p99_seconds'),
        maxMs: gaugeMs(metrics, 'nodejs_eventloop_lag_max_seconds'),
      };
    },
  };
}

async function scrape(metricsUrl: string, token: string): Promise<string> {
  const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}

/** One unlabelled gauge of the Prometheus text format, in milliseconds. */
function gaugeMs(metrics: string, name: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name} `));
  if (line === undefined) throw new Error(`GET /metrics has no ${name}`);
  return Number(line.slice(name.length + 1)) * 1000;
}
