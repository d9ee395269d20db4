import { seedWorklist } from '@portal/server/testing';

/**
 * The worklist bench's clinic, seeded before its portal starts: run by bench/worklist.ts with the
 * environment that portal will get, bundled like the server (bench/lib/node-entry.ts).
 */
const PATIENTS = Number(process.env.BENCH_WORKLIST_PATIENTS ?? 10_000);
const ORDERS = Number(process.env.BENCH_WORKLIST_ORDERS ?? PATIENTS * 5);

const started = performance.now();
await seedWorklist(process.env, PATIENTS, ORDERS);
process.stdout.write(
  `${PATIENTS} patients and ${ORDERS} orders seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
