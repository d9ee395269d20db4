import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.ts';
import { freshPostgres, spawnProcess } from '../../testing/spawn-portal.ts';

describe('npm run migrate on several nodes at once', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    database = await freshPostgres();
  });
  afterAll(() => database?.drop());

  it('two concurrent runs on a fresh PostgreSQL database both succeed and apply each migration once', async () => {
    const env = { DATABASE_URL: database.url, PORTAL_MASTER_KEY: 'c3'.repeat(32) };
    const runs = [0, 1].map(() => spawnProcess('npm', ['run', 'migrate', '--silent'], env));
    const results = await Promise.all(runs.map((r) => r.exited));
    for (const [i, result] of results.entries()) expect(result.code, runs[i]!.output()).toBe(0);
    for (const run of runs) expect(run.output()).toContain('Migrations applied (postgres)');

    const journal = JSON.parse(
      await readFile(path.join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from drizzle.__drizzle_migrations',
      );
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  }, 120_000);
});
