import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolderOf } from '../../src/db/data-dir-lock.ts';
import { openDatabase } from '../../src/db/database.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

/** A pid that was just used and is now free. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('the PGlite data-directory lock', () => {
  it('names its holder, refuses a second opener in this process too, and lets go on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    expect(lockHolderOf(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    const second = await refusal(openDatabase({ dataDir: dir }));
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as Error).message).toContain(`in use by process ${process.pid} on ${hostname()}`);
    await first.close();
    expect(lockHolderOf(dir)).toBeUndefined();
    expect(await readdir(dir)).toEqual(['pglite']);
    await (await openDatabase({ dataDir: dir })).close();
  }, 120_000);

  it('takes over the lock of a process that is gone, not one on another host or one it cannot read', async () => {
    const stale = {
      pid: deadPid(),
      host: hostname(),
      startedAt: '2026-01-01T00:00:00Z',
      command: 'node main.ts',
      token: 'x',
    };
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const lock = await lockDataDir(dir);
    expect(lockHolderOf(dir)?.pid).toBe(process.pid);
    await lock.release();

    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ ...stale, host: 'another-host' }));
    expect(await refusal(lockDataDir(dir))).toBeInstanceOf(DataDirLockedError);
    await writeFile(path.join(dir, LOCK_FILE), '{"pid":');
    const unreadable = await refusal(lockDataDir(dir));
    expect((unreadable as Error).message).toContain(`delete ${path.join(dir, LOCK_FILE)}`);
  });

  it('releases only its own lock', async () => {
    const lock = await lockDataDir(dir);
    const other = {
      pid: 1,
      host: hostname(),
      startedAt: '2026-01-01T00:00:00Z',
      command: 'init',
      token: 'y',
    };
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(other));
    await lock.release();
    expect(lockHolderOf(dir)?.token).toBe('y');
  });
});
