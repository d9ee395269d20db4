/**
 * Runs `run` for many callers at once without ever answering a caller with a run that began before
 * it asked: while one run for a key is under way, the callers that arrive wait for the next, which
 * starts when it ends and answers all of them. A caller therefore sees every write that had
 * completed when it asked, and under load the work is done once per batch, not once per caller.
 */
export function nextRunBatcher<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const next = new Map<string, Promise<T>>();
  return (key) => {
    const queued = next.get(key);
    if (queued) return queued;
    const previous = running.get(key);
    const start = () => {
      next.delete(key);
      const current = run(key);
      running.set(key, current);
      const done = () => {
        if (running.get(key) === current) running.delete(key);
      };
      current.then(done, done);
      return current;
    };
    const batch = previous ? previous.then(start, start) : Promise.resolve().then(start);
    next.set(key, batch);
    return batch;
  };
}
