import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { backupDatabase } from '../../src/db/backup.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrationsDir } from '../../src/paths.ts';
import { processDatabase, spawnServer } from '../server-process.ts';
import { auditColumns, auditDigest } from './audit-digest.ts';
import { writeScenario } from './fixture-scenario.ts';
import { tableDigests } from './table-digest.ts';
import { readJson, type FixtureKeys, type FixtureManifest } from './manifest.ts';

/**
 * Writes `release`'s upgrade fixture for the engine DATABASE_URL names (PGlite without it, or a
 * scratch database on that PostgreSQL server) into `<fixturesDir>/<release>/<engine>/`: the
 * scenario through the API of a node of this build, its backup and its manifest. Returns that
 * folder.
 */
export async function writeReleaseFixture(fixturesDir: string, release: string): Promise<string> {
  const releaseDir = path.join(fixturesDir, release);
  await mkdir(releaseDir, { recursive: true });

  // Both engines' fixtures of a release share one pair of keys, made on the first run.
  const keysFile = path.join(releaseDir, 'keys.json');
  const keys: FixtureKeys = await readJson<FixtureKeys>(keysFile).catch(async () => {
    const made = {
      PORTAL_MASTER_KEY: randomBytes(32).toString('hex'),
      JWT_SECRET: `fixture-${randomBytes(24).toString('base64url')}`,
    };
    await writeFile(keysFile, `${JSON.stringify(made, null, 2)}\n`);
    return made;
  });

  const journal = await readJson<{ entries: { tag: string }[] }>(
    path.join(migrationsDir, 'meta/_journal.json'),
  );
  const database = await processDatabase();
  try {
    const node = await spawnServer({ ...database.env, ...keys, PORTAL_DEMO: '1' });
    let written;
    try {
      written = await writeScenario(node.url, database.dataDir);
    } finally {
      await node.stop();
    }
    const target = database.env.DATABASE_URL
      ? { url: database.env.DATABASE_URL }
      : { dataDir: database.dataDir };
    const handle = await openDatabase(target);
    const digests = async () => ({
      audit: await auditDigest(handle.db, await auditColumns(handle.db)),
      tables: await tableDigests(handle.db),
    });
    const { audit, tables } = await digests().finally(() => handle.close());

    const dir = path.join(releaseDir, database.engine);
    await mkdir(dir, { recursive: true });
    await backupDatabase(target, path.join(dir, 'portal.backup'));
    const manifest: FixtureManifest = {
      release,
      engine: database.engine,
      newest_migration: journal.entries.at(-1)!.tag,
      written_at: new Date().toISOString(),
      backup: 'portal.backup',
      ...written,
      audit,
      tables,
    };
    await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return dir;
  } finally {
    await database.drop();
  }
}
