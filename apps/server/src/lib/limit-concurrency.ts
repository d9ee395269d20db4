/**
 * Runs at most `max` tasks at once; the others wait in arrival order. For work that takes a
 * whole core off the event loop's machine (argon2): queued, it costs latency instead of the
 * event loop's share of the CPU.
 */
export function limitConcurrency(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    if (running < max) running += 1;
    // A released slot passes straight to the next waiter, so `running` stays counted.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
