import { pathToFileURL } from 'node:url';
import { freshDatabase } from '@portal/server/testing';
import { apiUrl } from '../api/api-url.ts';
import { DEMO_ADMIN } from '../api/demo-accounts.ts';
import { chartReadScenario } from '../api/scenarios/chart-read.ts';
import { requestHeaders, signIn } from '../api/scenarios/signed-in.ts';
import { startPortal } from '../api/start-portal.ts';
import { drain, measureRun, warmUp, type Load, type Measurement } from '../lib/measure.ts';
import { formatTable } from '../lib/table.ts';
import { measureBackupRestore, type BackupRestore } from './backup-restore.ts';
import { MAX_EXPORT_GROWTH_MB, measureMonthExport, type ExportMemory } from './export-memory.ts';
import { latencyRows } from './latency-rows.ts';
import { seedClinicGroup, type SeededGroup } from './seed.ts';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
/** 1,000 and 10,000 show the growth; 100,000 is the clinic group the budgets are set for. */
const DEFAULT_SIZES = [1_000, 10_000, 100_000];

const print = (line: string) => process.stdout.write(`${line}\n`);

interface Row extends Measurement {
  name: string;
  maxP99Ms: number;
  passed: boolean;
}

interface SizeResult {
  patients: number;
  seeded: SeededGroup;
  rows: Row[];
  exported: ExportMemory;
  backup: BackupRestore;
}

async function measureRow(name: string, load: Load, maxP99Ms: number): Promise<Row> {
  await warmUp(load, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
  await drain(load);
  const measured = await measureRun(load, { connections: CONNECTIONS, seconds: SECONDS });
  await drain(load);
  const passed = measured.non2xx === 0 && measured.errors === 0 && measured.p99Ms <= maxP99Ms;
  return { name, maxP99Ms, ...measured, passed };
}

async function measureSize(patients: number): Promise<SizeResult> {
  const fresh = await freshDatabase();
  if (!('url' in fresh.target)) throw new Error('unreachable: DATABASE_URL is set');
  const databaseUrl = fresh.target.url;
  try {
    let seeded: SeededGroup | undefined;
    const portal = await startPortal(databaseUrl, {
      beforeStart: async (env) => {
        seeded = await seedClinicGroup(env, patients);
      },
    });
    const rows: Row[] = [];
    let exported: ExportMemory;
    try {
      const admin = await signIn(portal.service.baseUrl, DEMO_ADMIN);
      const headers = requestHeaders(admin);
      for (const row of await latencyRows(admin, patients, new Date())) {
        rows.push(
          await measureRow(
            row.name,
            { url: apiUrl(portal.service.baseUrl, row.path), headers },
            row.maxP99Ms,
          ),
        );
      }
      const chart = await chartReadScenario(portal);
      rows.push(await measureRow('chart read (every section)', chart.load, chart.maxP99Ms!));
      exported = await measureMonthExport(portal.service.baseUrl, headers, portal.service.pid, new Date());
    } finally {
      await portal.close();
    }
    const backup = await measureBackupRestore(databaseUrl);
    return { patients, seeded: seeded!, rows, exported, backup };
  } finally {
    await fresh.drop();
  }
}

const exportPassed = (e: ExportMemory) => e.status === 200 && e.growthMb <= MAX_EXPORT_GROWTH_MB;

function report(result: SizeResult): void {
  const { patients, seeded, rows, exported, backup } = result;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  print(
    `\n${patients.toLocaleString('en')} patients: seeded in ${seeded.seconds.toFixed(1)} s (${Object.entries(
      seeded.steps,
    )
      .map(([step, s]) => `${step} ${s.toFixed(1)}`)
      .join(', ')})`,
  );
  print(
    formatTable(
      [
        { header: 'row' },
        { header: 'req/s', align: 'right' },
        { header: 'p50 ms', align: 'right' },
        { header: 'p99 ms', align: 'right' },
        { header: 'non-2xx', align: 'right' },
        { header: 'budget', align: 'right' },
        { header: 'result' },
      ],
      [
        ...rows.map((r) => [
          r.name,
          r.requestsPerSecond.toFixed(0),
          String(r.p50Ms),
          String(r.p99Ms),
          String(r.non2xx + r.errors),
          `p99 ≤ ${r.maxP99Ms}`,
          r.passed ? 'pass' : 'MISS',
        ]),
        [
          'audit CSV export, last 30 days',
          '',
          `${exported.seconds.toFixed(1)} s`,
          `${mb(exported.bytes)} MB`,
          exported.status === 200 ? '0' : String(exported.status),
          `RSS +${exported.growthMb.toFixed(0)} ≤ ${MAX_EXPORT_GROWTH_MB} MB`,
          exportPassed(exported) ? 'pass' : 'MISS',
        ],
      ],
    ),
  );
  print(
    `database ${mb(seeded.databaseBytes)} MB, ${(seeded.databaseBytes / patients / 1024).toFixed(1)} KB per patient; ` +
      `npm run backup ${backup.backupSeconds.toFixed(1)} s (${backup.backupMb.toFixed(1)} MB), ` +
      `npm run restore ${backup.restoreSeconds.toFixed(1)} s`,
  );
}

/**
 * `npm run bench -- scale`: a clinic group at 1,000, 10,000 and 100,000 patients
 * (BENCH_SCALE_PATIENTS=100000 or a comma list picks the sizes), each seeded into a fresh
 * PostgreSQL database on DATABASE_URL's server (programs/seed-scale.ts) and served by the real
 * portal: the worklist, the staff searches, the chart read and the audit log under load, a month's
 * audit export's memory, backup and restore times and the size per patient. Exits 1 when any row
 * misses its budget at any size.
 */
export async function runScaleSuite(): Promise<boolean> {
  if (!process.env.DATABASE_URL) throw new Error('The scale suite runs on PostgreSQL only: set DATABASE_URL');
  const sizes = process.env.BENCH_SCALE_PATIENTS
    ? process.env.BENCH_SCALE_PATIENTS.split(',').map(Number)
    : DEFAULT_SIZES;
  if (sizes.some((n) => !Number.isInteger(n) || n < 100)) {
    throw new Error('BENCH_SCALE_PATIENTS: whole numbers of at least 100, comma-separated');
  }
  print(`${CONNECTIONS} connections, ${SECONDS} s per row; sizes ${sizes.join(', ')}`);
  const results: SizeResult[] = [];
  for (const patients of sizes) {
    const result = await measureSize(patients);
    report(result);
    results.push(result);
  }
  const passed = results.every((r) => r.rows.every((row) => row.passed) && exportPassed(r.exported));
  print(JSON.stringify({ suite: 'scale', connections: CONNECTIONS, seconds: SECONDS, passed, results }));
  return passed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runScaleSuite()) ? 0 : 1;
}
