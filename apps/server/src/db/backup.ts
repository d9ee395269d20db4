import { execFile } from 'node:child_process';
import { open, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

const run = promisify(execFile);

/** Where a backup comes from or goes to: the same choice the server makes from its config. */
export type BackupTarget = { url: string } | { dataDir: string };

// pg_dump's custom format starts with these bytes; PGlite's dump is a gzipped tarball.
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** The PGlite files inside DATA_DIR, as openDatabase places them. */
const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * libpq reads the password from PGPASSWORD, so it never appears in the process list the
 * way a password inside a connection-string argument would.
 */
function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(`${tool} is not installed: install the PostgreSQL client tools (postgresql-client)`, {
        cause: error,
      });
    }
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`, { cause: error });
  }
}

/**
 * A consistent snapshot of the whole database into `file`. PostgreSQL: pg_dump's custom
 * format (one transaction, so it may run while the portal serves). PGlite: its data
 * directory as a gzipped tarball; PGlite is one process's database, so a running portal's
 * directory is refused (DataDirLockedError): stop the portal first.
 * Keys are not included: the master key that opens the records is kept apart from backups.
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if ('url' in target) {
    const { dbname, env } = libpqArgs(target.url);
    await pgTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, dbname],
      env,
    );
    return;
  }
  if ((await readdir(pgliteDir(target.dataDir)).catch(() => [])).length === 0) {
    throw new Error(`No PGlite database in ${target.dataDir}`);
  }
  const lock = await lockDataDir(target.dataDir);
  try {
    const pglite = await PGlite.create(pgliteDir(target.dataDir));
    try {
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await pglite.close();
    }
  } finally {
    await lock.release();
  }
}

async function startsWith(file: string, magic: Buffer): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    await handle.read(head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    await handle.close();
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return result.rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into an empty database of the same engine (a restore never merges into
 * live data). PostgreSQL: pg_restore in one transaction, so a failure leaves it empty.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  const isPgDump = await startsWith(file, PG_DUMP_MAGIC);
  const isPglite = !isPgDump && (await startsWith(file, GZIP_MAGIC));
  if (!isPgDump && !isPglite) throw new Error(`${file} is not a portal backup`);
  if ('url' in target) {
    if (!isPgDump)
      throw new Error('This is a PGlite backup: restore it with DATA_DIR set and DATABASE_URL unset');
    if (!(await postgresIsEmpty(target.url))) {
      throw new Error('The database is not empty: restore into a new, empty database');
    }
    const { dbname, env } = libpqArgs(target.url);
    await pgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return;
  }
  if (!isPglite) throw new Error('This is a PostgreSQL backup: restore it with DATABASE_URL set');
  const lock = await lockDataDir(target.dataDir);
  try {
    if ((await readdir(pgliteDir(target.dataDir)).catch(() => [])).length > 0) {
      throw new Error(`${pgliteDir(target.dataDir)} is not empty: restore into a new DATA_DIR`);
    }
    const pglite = await PGlite.create(pgliteDir(target.dataDir), {
      loadDataDir: new Blob([await readFile(file)]),
    });
    await pglite.close();
  } finally {
    await lock.release();
  }
}
