import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
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

/** The lock file of a portal that was killed: this host, a pid that is gone. */
const staleHolder = (token: string) => ({
  pid: deadPid(),
  host: hostname(),
  startedAt: '2026-01-01T00:00:00Z',
  command: 'node main.js',
  token,
});

/**
 * A process that opens `dir` when it reads "go" on stdin, prints "won" or the refusal, and
 * lets go when its stdin closes. Started ahead, so that every contender is ready before any
 * tries: the race is between openers, not between process start-ups.
 */
const CONTENDER = `
  import { createInterface } from 'node:readline';
  import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, '../../src/db/data-dir-lock.ts'))};
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  console.log('ready');
  await lines.next();
  const lock = await lockDataDir(process.argv[1]).catch((error) => console.log(error.message));
  if (lock) console.log('won');
  await lines.next();
  await lock?.release();
`;

async function contender(): Promise<{ child: ChildProcessWithoutNullStreams; answer: Promise<string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CONTENDER, dir], {
    stdio: 'pipe',
  });
  const lines = (async function* () {
    let text = '';
    for await (const chunk of child.stdout) {
      text += String(chunk);
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n')) {
        yield text.slice(0, end);
        text = text.slice(end + 1);
      }
    }
  })();
  expect((await lines.next()).value).toBe('ready');
  return { child, answer: lines.next().then((line) => String(line.value)) };
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
    const stale = staleHolder('x');
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

  it('lets exactly one of many openers at once take over the same stale lock', async () => {
    for (let round = 0; round < 20; round++) {
      await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(staleHolder(`stale-${round}`)));
      const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
      const won = attempts.filter((a) => a.status === 'fulfilled');
      const refused = attempts.filter((a) => a.status === 'rejected');
      expect([round, won.length]).toEqual([round, 1]);
      expect(refused.every((a) => a.reason instanceof DataDirLockedError)).toBe(true);
      expect(lockHolderOf(dir)?.pid).toBe(process.pid);
      await won[0]!.value.release();
      // No draft or takeover claim is left behind.
      expect(await readdir(dir)).toEqual([]);
    }
  });

  it('lets exactly one of several processes at once take over the same stale lock', async () => {
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(staleHolder('killed-portal')));
    const contenders = await Promise.all(Array.from({ length: 5 }, contender));
    for (const { child } of contenders) child.stdin.write('go\n');
    const answers = await Promise.all(contenders.map(({ answer }) => answer));
    const winners = contenders.filter((_, i) => answers[i] === 'won');
    expect(winners).toHaveLength(1);
    expect(lockHolderOf(dir)?.pid).toBe(winners[0]!.child.pid);
    for (const answer of answers.filter((a) => a !== 'won')) {
      expect(answer).toMatch(/^DATA_DIR .* is in use by process \d+ on /);
      expect(answer).not.toContain('killed-portal');
    }
    for (const { child } of contenders) child.stdin.end();
    await Promise.all(contenders.map(({ child }) => child.exitCode ?? once(child, 'exit')));
    expect(await readdir(dir)).toEqual([]);
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
