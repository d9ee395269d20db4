/**
 * spec §4: when the access token has expired exactly one refresh runs; every request that
 * needs a token meanwhile waits for it and goes on with the new access token.
 */
export function createRefreshQueue<T>(refresh: () => Promise<T>): {
  run: () => Promise<T>;
  pending: () => Promise<T> | null;
} {
  let inFlight: Promise<T> | null = null;
  return {
    run() {
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    pending: () => inFlight,
  };
}
