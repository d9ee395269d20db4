import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../../scripts/builds.mjs';
import { openDatabase } from '../src/db/database.ts';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from './pglite-template.ts';
import { databaseUrl, onServer, PG_TEMPLATE_ENV } from './test-portal.ts';

/**
 * Vitest global setup of the server suite: the built server for the tests of production
 * processes (spawn-portal.ts), once before any worker starts; one empty PGlite cluster for
 * every worker to copy; and on PostgreSQL one migrated database the test portals are copied
 * from (`create database … template`), so hundreds of portals do not each run the migrations.
 */
export default async function setup(): Promise<() => Promise<void>> {
  buildIfStale(['server']);
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pglite-template-'));
  const file = path.join(dir, 'cluster.tar');
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  const dropPgTemplate = await migratedPgTemplate();
  return async () => {
    await dropPgTemplate();
    await rm(dir, { recursive: true, force: true });
  };
}

async function migratedPgTemplate(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) return async () => undefined;
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(url, name) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  process.env[PG_TEMPLATE_ENV] = name;
  return () => onServer(url, `drop database if exists ${name} with (force)`);
}
