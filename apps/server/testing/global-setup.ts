import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../../scripts/builds.mjs';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from './pglite-template.ts';

/**
 * Vitest global setup of the server suite: the built server for the tests of production
 * processes (spawn-portal.ts), once before any worker starts, and one empty PGlite cluster for
 * every worker to copy.
 */
export default async function setup(): Promise<() => Promise<void>> {
  buildIfStale(['server']);
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pglite-template-'));
  const file = path.join(dir, 'cluster.tar');
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}
