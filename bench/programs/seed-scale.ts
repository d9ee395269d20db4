import { seedScale } from '@portal/server/testing';

/**
 * The scale bench's clinic group, seeded before its portal starts: run by bench/scale/seed.ts with
 * the environment that portal will get, bundled like the server (bench/lib/node-entry.ts). Its
 * last line of output is one JSON object: the seconds each step took.
 */
const patients = Number(process.env.BENCH_SCALE_PATIENTS);
if (!Number.isInteger(patients) || patients < 100) throw new Error('BENCH_SCALE_PATIENTS: at least 100');
process.stdout.write(`${JSON.stringify(await seedScale(process.env, patients))}\n`);
