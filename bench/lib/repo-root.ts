import path from 'node:path';

/** The monorepo root: services are started from here, as `npm start` would. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
