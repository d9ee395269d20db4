// The worker pool's thread when the server runs from its TypeScript sources (`npm run dev`,
// vitest): on Node 20 a worker does not take a loader from `--import` in its execArgv, so this
// loads src/worker.ts through tsx's API. A bundle runs its own worker.js (apps/server/build.mjs)
// and never reads this file; tsx is a development dependency, present wherever sources run.
import { tsImport } from 'tsx/esm/api';

const { default: runJob } = await tsImport('./worker.ts', import.meta.url);
export default runJob;
