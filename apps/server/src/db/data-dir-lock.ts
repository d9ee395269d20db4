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
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string'
      ? (value as LockHolder)
      : undefined;
  } catch {
    return undefined;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The holder `file` names; undefined when it cannot be read, 'gone' when it does not exist. */
async function readHolder(file: string): Promise<LockHolder | undefined | 'gone'> {
  try {
    return parseHolder(await readFile(file, 'utf8'));
  } catch (error) {
    return isMissing(error) ? 'gone' : undefined;
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
 * Deletes the lock file of a stale holder, unless another opener is already doing so. Openers
 * that read the same stale file at once must not each delete "it": a later one would delete
 * the lock an earlier one had just taken in its place. So an opener first claims the takeover
 * of that holder by hard-linking its own draft to a name made of the stale token, which only
 * one can do, and deletes the lock file only while it still names the stale holder. Answers the
 * opener that won the claim, to name in the refusal, or undefined to try the lock again.
 */
async function removeStale(file: string, stale: LockHolder, draft: string): Promise<LockHolder | undefined> {
  const claim = `${file}.takeover-${stale.token}`;
  try {
    await link(draft, claim);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const taker = await readHolder(claim);
    // A claim already gone was finished: the lock file now shows how it ended.
    return taker === 'gone' ? undefined : taker;
  }
  try {
    const current = await readHolder(file);
    if (current !== 'gone' && current?.token === stale.token) await unlink(file);
    return undefined;
  } finally {
    await unlink(claim);
  }
}

/** Enough rounds for a takeover and the openers racing it; a loop past them is a bug. */
const MAX_ATTEMPTS = 5;

/** Hard-links `draft` to `file`, which fails while `file` exists, taking over a stale holder's. */
async function linkInPlace(draft: string, file: string, dataDir: string): Promise<void> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      await link(draft, file);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = await readHolder(file);
    if (current === 'gone') continue;
    if (!current || !isStale(current)) throw new DataDirLockedError(dataDir, current);
    const taker = await removeStale(file, current, draft);
    if (taker) throw new DataDirLockedError(dataDir, taker);
  }
  throw new DataDirLockedError(dataDir, undefined);
}

/**
 * Takes DATA_DIR/pglite.lock for this process, or throws DataDirLockedError naming the holder.
 * PGlite takes no lock of its own, and two processes on one directory overwrite each other's
 * pages (PGlite issue #1106), so every opener of the directory goes through here: the server,
 * each command-line tool, backup and restore. The file is written in full under a temporary
 * name and then hard-linked into place, which fails atomically when it exists, so a reader
 * never sees half a holder. A holder whose process is gone from this host is stale and replaced,
 * by one opener only however many try at once (removeStale).
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
    await linkInPlace(draft, file, dataDir);
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  held.set(file, holder.token);
  releaseAllOnExit();
  return {
    async release() {
      if (held.get(file) !== holder.token) return;
      held.delete(file);
      const current = await readHolder(file);
      if (current !== 'gone' && current?.token === holder.token) await unlink(file).catch(() => undefined);
    },
  };
}

/** For tests: the holder recorded in a data directory, if any. */
export function lockHolderOf(dataDir: string): LockHolder | undefined {
  return readHolderSync(path.join(dataDir, LOCK_FILE));
}
