import { argv, exit } from 'node:process';

/**
 * `npm run bench [-- <suite>]`: runs one suite (default: api) and exits 0 when all its targets
 * pass, 1 when one misses or the run fails. Suites load lazily so one's dependencies never slow another.
 */
const suites: Record<string, () => Promise<boolean>> = {
  api: async () => (await import('./api/run-api.ts')).runApiSuite(),
  'admin-users': async () => (await import('./admin-users.ts')).runAdminUsersSuite(),
  worklist: async () => (await import('./worklist.ts')).runWorklistSuite(),
  'start-time': async () => (await import('./api/start-time.ts')).runStartTimeSuite(),
  enumeration: async () => (await import('./enumeration.ts')).runEnumerationSuite(),
  load: async () => (await import('./load/run-load.ts')).runLoadSuite(),
  web: async () => (await import('./web/run-web.ts')).runWebSuite(),
};

const suiteName = argv[2] ?? 'api';
const suite = suites[suiteName];
if (suite === undefined) {
  console.error(`Unknown bench suite '${suiteName}'; known: ${Object.keys(suites).join(', ')}`);
  exit(1);
}
try {
  const passed = await suite();
  exit(passed ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exit(1);
}
