export interface ApiBenchSettings {
  /** Length of each measured run. */
  seconds: number;
  warmupSeconds: number;
  /** PostgreSQL for the portal; the embedded PGlite when undefined. */
  databaseUrl: string | undefined;
}

const DEFAULT_SECONDS = 10;
const WARMUP_SECONDS = 2;

export function loadSettings(env: NodeJS.ProcessEnv = process.env): ApiBenchSettings {
  const raw = env.BENCH_SECONDS;
  const seconds = raw === undefined || raw === '' ? DEFAULT_SECONDS : Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_SECONDS must be a positive number of seconds, got '${raw}'`);
  }
  return {
    seconds,
    warmupSeconds: WARMUP_SECONDS,
    databaseUrl: env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
  };
}
