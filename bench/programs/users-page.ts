import { sql } from 'drizzle-orm';
import type { UserSort } from '@portal/protocol';
import { findUsers, freshDatabase, openDatabase, seedUsers, type UserFilter } from '@portal/server/testing';

/**
 * The users page against 10,000 seeded users: each query the page makes (one page of rows and
 * the total) timed many times. Run through bench/admin-users.ts, bundled like the server
 * (bench/lib/node-entry.ts); prints a table and one JSON line, and exits 1 when a scenario's p95
 * passes the target.
 */
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 40);
const WARM_UP_RUNS = 5;
/** What the page may spend on its queries before typing in the search box feels slow. */
const TARGET_P95_MS = 100;

type Scenario = { name: string; query: UserFilter & { sort: UserSort; order: 'asc' | 'desc'; page: number } };
const SCENARIOS: Scenario[] = [
  { name: 'first page, newest first', query: { sort: 'created', order: 'desc', page: 1 } },
  {
    name: 'search e-mail prefix "maria.g"',
    query: { q: 'maria.g', sort: 'created', order: 'desc', page: 1 },
  },
  { name: 'search full name "wei wa"', query: { q: 'wei wa', sort: 'name', order: 'asc', page: 1 } },
  { name: 'search last name "okafor"', query: { q: 'okafor', sort: 'email', order: 'asc', page: 2 } },
  { name: 'sort by name, page 200', query: { sort: 'name', order: 'asc', page: 200 } },
  { name: 'sort by last login', query: { sort: 'last_login', order: 'desc', page: 1 } },
  { name: 'status locked', query: { status: 'locked', sort: 'created', order: 'desc', page: 1 } },
  {
    name: 'role admin, search "j"',
    query: { role: 'admin', q: 'j', sort: 'created', order: 'desc', page: 1 },
  },
];

/** Plain stdout: this runs as a program, not inside the server's logger. */
const print = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const fresh = await freshDatabase();
const handle = await openDatabase(fresh.target);
try {
  await handle.migrate();
  const seeding = performance.now();
  await seedUsers(handle.db, USERS);
  if (handle.engine === 'postgres') await handle.db.execute(sql`analyze users; analyze sessions`);
  print(
    `${handle.engine}: ${USERS} users seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${RUNS} runs each`,
  );

  const results = [];
  for (const scenario of SCENARIOS) {
    const run = () => findUsers(handle.db, new Date(), { ...scenario.query, page_size: 25 });
    for (let i = 0; i < WARM_UP_RUNS; i++) await run();
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      total = (await run()).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({
      scenario: scenario.name,
      matches: total,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
    });
  }

  const plan = await handle.db.execute(
    sql`explain select id from users where lower(email) like 'maria.g%' or lower(first_name || ' ' || last_name) like 'maria.g%' or lower(last_name) like 'maria.g%'`,
  );
  // The whole result, whatever its driver's shape: only the index names in it matter.
  const planText = JSON.stringify(plan);
  const searchUsesIndexes = [
    'users_email_search_idx',
    'users_name_search_idx',
    'users_last_name_search_idx',
  ].every((i) => planText.includes(i));

  const width = Math.max(...results.map((r) => r.scenario.length));
  print(`${'scenario'.padEnd(width)}  matches  p50 ms  p95 ms`);
  for (const r of results) {
    print(
      `${r.scenario.padEnd(width)}  ${String(r.matches).padStart(7)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p95.toFixed(1).padStart(6)}`,
    );
  }
  print(`search plan uses the three prefix indexes: ${searchUsesIndexes ? 'yes' : 'no'}`);
  const passed = searchUsesIndexes && results.every((r) => r.p95 <= TARGET_P95_MS);
  print(
    JSON.stringify({
      suite: 'admin-users',
      engine: handle.engine,
      users: USERS,
      targetP95Ms: TARGET_P95_MS,
      passed,
      results,
    }),
  );
  process.exitCode = passed ? 0 : 1;
} finally {
  await handle.close();
  await fresh.drop();
}
