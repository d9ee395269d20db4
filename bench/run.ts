import { exit } from 'node:process';
import { parseCli, usageError } from '../scripts/parse-cli.mjs';

/**
 * `npm run bench [-- <suite>]`: runs one suite (default: api) and exits 0 when all its targets
 * pass, 1 when one misses or the run fails. Suites load lazily so one's dependencies never slow another.
 */
const suites: Record<string, () => Promise<boolean>> = {
  api: async () => (await import('./api/run-api.ts')).runApiSuite(),
  'admin-users': async () => (await import('./admin-users.ts')).runAdminUsersSuite(),
  worklist: async () => (await import('./worklist.ts')).runWorklistSuite(),
  scale: async () => (await import('./scale/run-scale.ts')).runScaleSuite(),
  'start-time': async () => (await import('./api/start-time.ts')).runStartTimeSuite(),
  'upload-storm': async () => (await import('./api/hostile-upload-storm.ts')).runUploadStormSuite(),
  enumeration: async () => (await import('./enumeration.ts')).runEnumerationSuite(),
  load: async () => (await import('./load/run-load.ts')).runLoadSuite(),
  soak: async () => (await import('./load/run-soak.ts')).runSoakSuite(),
  web: async () => (await import('./web/run-web.ts')).runWebSuite(),
};

const { positionals } = parseCli({
  name: 'bench',
  usage: 'npm run bench -- [SUITE]',
  about: [
    `Runs one suite (default api) and exits 0 when all its targets pass, 1 when one misses or the`,
    `run fails. Suites: ${Object.keys(suites).join(', ')}.`,
    'DATABASE_URL runs it on PostgreSQL; BENCH_SECONDS and BENCH_PAIRS lengthen it (docs/performance.md).',
  ].join('\n'),
  positionals: { max: 1 },
});
const suiteName = positionals[0] ?? 'api';
const suite = suites[suiteName];
if (suite === undefined) {
  usageError('bench', `unknown suite '${suiteName}'; known: ${Object.keys(suites).join(', ')}`);
}
try {
  const passed = await suite();
  exit(passed ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exit(1);
}
