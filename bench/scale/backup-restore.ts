import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '@portal/server/testing';
import { repoRoot } from '../lib/repo-root.ts';

export interface BackupRestore {
  backupSeconds: number;
  restoreSeconds: number;
  backupMb: number;
}

async function timedNpm(script: 'backup' | 'restore', file: string, databaseUrl: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run ${script} exited ${code}`)),
    );
  });
  return (performance.now() - started) / 1000;
}

/**
 * `npm run backup` of the database at `databaseUrl`, then `npm run restore` of that file into a
 * fresh, empty database on the same server (dropped afterwards), each timed as an operator runs it.
 */
export async function measureBackupRestore(databaseUrl: string): Promise<BackupRestore> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-scale-backup-'));
  const file = path.join(dir, 'portal.backup');
  const target = await freshDatabase();
  try {
    if (!('url' in target.target)) throw new Error('The scale bench restores into PostgreSQL only');
    const backupSeconds = await timedNpm('backup', file, databaseUrl);
    const backupMb = (await stat(file)).size / 1024 / 1024;
    const restoreSeconds = await timedNpm('restore', file, target.target.url);
    return { backupSeconds, restoreSeconds, backupMb };
  } finally {
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
