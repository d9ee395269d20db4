import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Who holds a data directory: enough for an operator to find the process and stop it. */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
  /** Tells this holder's file from a later one with a reused pid. */
  token: string;
}

export const LOCK_FILE = 'pglite.lock';

/** Another live process holds the data directory; `message` says who and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host} (${holder.command}), since ${holder.startedAt}`
      : 'another process (its lock file cannot be read)';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. The embedded PGlite database takes one process at a ` +
        'time: stop the portal first (npm start holds DATA_DIR while it runs), then run this again. ' +
        `If no such process is running, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Exit status of a tool refused because the directory is in use (sysexits EX_TEMPFAIL: try later). */
export const EXIT_DATA_DIR_LOCKED = 75;

export interface DataDirLock {
  release(): Promise<void>;
}

const held = new Map<string, string>();
let exitHookInstalled = false;

/** A process ending without closing its database (process.exit, an uncaught error) still lets go. */
function releaseAllOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [file, token] of held) if (readHolderSync(file)?.token === token) unlinkQuietlySync(file);
  });
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string'
      ? (value as LockHolder)
      : undefined;
  } catch {
    return undefined;
  }
}

function readHolderSync(file: string): LockHolder | undefined {
  try {
    return parseHolder(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function unlinkQuietlySync(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** Gone for sure only on this host: a pid on another machine (a shared volume) cannot be asked. */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes DATA_DIR/pglite.lock for this process, or throws DataDirLockedError naming the holder.
 * PGlite takes no lock of its own, and two processes on one directory overwrite each other's
 * pages (PGlite issue #1106), so every opener of the directory goes through here: the server,
 * each command-line tool, backup and restore. The file is written in full under a temporary
 * name and then hard-linked into place, which fails atomically when it exists, so a reader
 * never sees half a holder. A holder whose process is gone from this host is stale and replaced.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: [path.basename(process.argv0), ...process.execArgv, ...process.argv.slice(1)].join(' '),
    token: randomUUID(),
  };
  const draft = `${file}.${holder.token}`;
  await writeFile(draft, JSON.stringify(holder), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const current = parseHolder(await readFile(file, 'utf8').catch(() => ''));
        if (attempt > 0 || !current || !isStale(current)) throw new DataDirLockedError(dataDir, current);
        await unlink(file).catch(() => undefined);
      }
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  held.set(file, holder.token);
  releaseAllOnExit();
  return {
    async release() {
      if (held.get(file) !== holder.token) return;
      held.delete(file);
      const current = parseHolder(await readFile(file, 'utf8').catch(() => ''));
      if (current?.token === holder.token) await unlink(file).catch(() => undefined);
    },
  };
}

/** For tests: the holder recorded in a data directory, if any. */
export function lockHolderOf(dataDir: string): LockHolder | undefined {
  return readHolderSync(path.join(dataDir, LOCK_FILE));
}
