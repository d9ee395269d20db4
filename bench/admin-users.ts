import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './lib/repo-root.ts';
import { builtEntry } from './lib/node-entry.ts';

/**
 * The users page's queries on 10,000 seeded users. The work runs in a process of its
 * own (programs/users-page.ts, on the server's queries and seed kit from `@portal/server/testing`);
 * this entry only starts it. DATABASE_URL picks PostgreSQL (a fresh database there), else PGlite.
 *
 *   npx tsx bench/admin-users.ts
 *
 * For bench/run.ts: `'admin-users': async () => (await import('./admin-users.ts')).runAdminUsersSuite()`.
 */
export async function runAdminUsersSuite(): Promise<boolean> {
  const { command, args } = await builtEntry('bench/programs/users-page.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code === 0));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runAdminUsersSuite()) ? 0 : 1;
}
