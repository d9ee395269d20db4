import autocannon from 'autocannon';

/** What one scenario sends: autocannon's options minus the run length and concurrency. */
export type Load = Omit<autocannon.Options, 'duration' | 'connections'>;

export interface RunShape {
  connections: number;
  seconds: number;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

// A drain waits behind up to one run's worth of requests in flight: logins on a busy machine
// take several seconds each.
const DRAIN_TIMEOUT_SECONDS = 120;

/** A run whose figures are discarded: JIT, connection pools and database caches settle first. */
export async function warmUp(load: Load, shape: RunShape): Promise<void> {
  await autocannon({ ...load, connections: shape.connections, duration: shape.seconds });
}

/** The measured run, bounded in time rather than in request count. */
export async function measureRun(load: Load, shape: RunShape): Promise<Measurement> {
  return measurementOf(
    await autocannon({ ...load, connections: shape.connections, duration: shape.seconds }),
  );
}

/** Load kept up until `stop`, for as long as another workload beside it lasts; `stop` gives its figures. */
export function startLoad(
  load: Load,
  connections: number,
  maxSeconds: number,
): { stop(): Promise<Measurement> } {
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ ...load, connections, duration: maxSeconds }, (error: unknown, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
  return {
    async stop() {
      instance?.stop();
      return measurementOf(await finished);
    },
  };
}

function measurementOf(result: autocannon.Result): Measurement {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * When a run ends, autocannon drops its connections but the server still works through the
 * requests they left in flight. One more request, waited for, comes back only after them, as
 * the server serves in arrival order (event loop, thread pool and database pool queues are
 * first-in first-out): the next run then measures itself, not that backlog.
 */
export async function drain(load: Load): Promise<void> {
  await autocannon({ ...load, connections: 1, amount: 1, timeout: DRAIN_TIMEOUT_SECONDS });
}
