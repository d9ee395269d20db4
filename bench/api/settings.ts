export interface ApiBenchSettings {
  /** Length of each measured run. */
  seconds: number;
  warmupSeconds: number;
  /** How many times a row judged against a yardstick is measured, each right after its yardstick. */
  pairs: number;
  /** PostgreSQL for the portal; the embedded PGlite when undefined. */
  databaseUrl: string | undefined;
}

const DEFAULT_SECONDS = 10;
const WARMUP_SECONDS = 2;
// A ratio from one pair of 10 s runs moved by ±10 points between runs of the same code on a
// shared 2-core host; the median of three says what the code does, not when it ran.
const DEFAULT_PAIRS = 3;

export function loadSettings(env: NodeJS.ProcessEnv = process.env): ApiBenchSettings {
  const raw = env.BENCH_SECONDS;
  const seconds = raw === undefined || raw === '' ? DEFAULT_SECONDS : Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_SECONDS must be a positive number of seconds, got '${raw}'`);
  }
  const rawPairs = env.BENCH_PAIRS;
  const pairs = rawPairs === undefined || rawPairs === '' ? DEFAULT_PAIRS : Number(rawPairs);
  if (!Number.isInteger(pairs) || pairs < 1) {
    throw new Error(`BENCH_PAIRS must be a whole number of at least 1, got '${rawPairs}'`);
  }
  return {
    seconds,
    warmupSeconds: WARMUP_SECONDS,
    pairs,
    databaseUrl: env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
  };
}
