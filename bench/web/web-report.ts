import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Result, RunnerResult } from 'lighthouse';
import type { PatientPage } from '../lib/patient-pages.ts';
import { percentile } from '../lib/percentile.ts';
import { formatTable } from '../lib/table.ts';
import { METRICS, pointsLost, summarise, type MetricSummary } from './targets.ts';

export interface Run {
  round: number;
  /** The 1-minute load average when the run started. */
  load: number;
  lhr: Result;
  problems: string[];
}

export interface PageResult {
  build: string;
  page: PatientPage;
  runs: Run[];
}

const TOP_ITEMS = 5;

/** LIGHTHOUSE_REPORT_DIR, when set, receives each run's HTML report and its performance trace. */
export async function saveRun(
  build: string,
  page: PatientPage,
  run: Run,
  result: RunnerResult,
): Promise<void> {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, `${build}-${page.name}-run${run.round}`.replaceAll(/\W+/g, '-'));
  await writeFile(
    `${base}.html`,
    typeof result.report === 'string' ? result.report : (result.report[0] ?? ''),
  );
  // Chromium's trace of the load, for the Performance panel or chrome://tracing.
  await writeFile(`${base}.trace.json`, JSON.stringify(result.artifacts.Trace));
}

/**
 * The medians with their spread for every page, each target marked, then for every page of
 * `judged` that missed: what cost the points and where the main thread went, from its median
 * run. True when every median of `judged` meets its target and no run had a problem.
 */
export function printReport(results: readonly PageResult[], judged: string): boolean {
  const builds = new Set(results.map((result) => result.build));
  const columns = [
    { header: 'page' },
    ...(builds.size > 1 ? [{ header: 'build' }] : []),
    ...METRICS.flatMap((metric) => [
      { header: metric.title, align: 'right' as const },
      ...(hasTarget(metric) ? [{ header: targetText(metric) }] : []),
    ]),
    { header: 'load', align: 'right' as const },
  ];
  const rows = results.map((result) => {
    const summaries = summarise(result.runs.map((run) => run.lhr));
    const loads = result.runs.map((run) => run.load);
    return [
      result.page.name,
      ...(builds.size > 1 ? [result.build] : []),
      ...summaries.flatMap((summary) => [
        spread(summary),
        ...(hasTarget(summary.metric) ? [summary.passed ? '✓' : '✗ miss'] : []),
      ]),
      `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    ];
  });
  console.log(`\nMedian (min–max) of each page's runs; load: the 1-minute load average at their starts.`);
  console.log(formatTable(columns, rows));

  const missed = results.filter(
    (result) =>
      result.build === judged &&
      (result.runs.some((run) => run.problems.length > 0) ||
        summarise(result.runs.map((run) => run.lhr)).some((summary) => summary.passed === false)),
  );
  // The verdict holds for this host's power only: it is printed beside it.
  if (missed.length === 0) {
    console.log(`\nAll targets met on the medians; ${hostPower(results)}`);
    return true;
  }
  const judgedPages = results.filter((result) => result.build === judged).length;
  console.log(`\n${missed.length} of ${judgedPages} pages missed; ${hostPower(results)}`);
  console.log('Missed, with what cost the most in the median run:');
  for (const result of missed) explainMiss(result);
  return false;
}

/**
 * Lighthouse's measure of the host's CPU (`benchmarkIndex`, its report's "CPU/Memory Power"):
 * the preset's fixed 4× slowdown stands for a mid-tier phone only on a host of about 1,500
 * (Lighthouse's throttling guide), so scores from hosts of different power do not compare.
 */
function hostPower(results: readonly PageResult[]): string {
  const indexes = results
    .flatMap((result) => result.runs.map((run) => run.lhr.environment.benchmarkIndex))
    .sort((a, b) => a - b);
  if (indexes.length === 0) return 'host CPU power (Lighthouse benchmarkIndex): not measured.';
  const round = (value: number) => Math.round(value).toLocaleString('en-GB');
  return (
    `host CPU power (Lighthouse benchmarkIndex, 4× slowdown calibrated for about 1,500): median ` +
    `${round(percentile(indexes, 50))} (${round(indexes[0]!)}–${round(indexes.at(-1)!)}) over ${indexes.length} runs.`
  );
}

function explainMiss(result: PageResult): void {
  const label = result.page.name;
  for (const run of result.runs) {
    for (const problem of run.problems) console.log(`  ${label}, run ${run.round}: ${problem}`);
  }
  const lhr = medianRun(result.runs).lhr;
  console.log(`  ${label}:`);
  for (const category of ['performance', 'accessibility', 'best-practices'] as const) {
    for (const loss of pointsLost(lhr, category).slice(0, TOP_ITEMS)) {
      const shown = loss.displayValue ? ` (${loss.displayValue})` : '';
      console.log(`    ${category} −${loss.points.toFixed(1)}  ${loss.id}: ${loss.title}${shown}`);
    }
  }
  const work = tableItems(lhr, 'mainthread-work-breakdown');
  console.log(
    `    main thread: ${work
      .slice(0, TOP_ITEMS)
      .map((item) => `${String(item.groupLabel)} ${Number(item.duration).toFixed(0)} ms`)
      .join(', ')}`,
  );
  for (const item of tableItems(lhr, 'bootup-time').slice(0, TOP_ITEMS)) {
    console.log(
      `    script ${shortUrl(item.url)}: ${Number(item.total).toFixed(0)} ms ` +
        `(evaluation ${Number(item.scripting).toFixed(0)}, parse ${Number(item.scriptParseCompile).toFixed(0)})`,
    );
  }
  for (const item of tableItems(lhr, 'long-tasks').slice(0, TOP_ITEMS)) {
    console.log(
      `    long task at ${Number(item.startTime).toFixed(0)} ms: ${Number(item.duration).toFixed(0)} ms, ${shortUrl(item.url)}`,
    );
  }
}

/** The run whose performance score is the median: the one the page's figures stand for. */
function medianRun(runs: readonly Run[]): Run {
  const byScore = [...runs].sort(
    (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  );
  return byScore[Math.floor((byScore.length - 1) / 2)]!;
}

function tableItems(lhr: Result, auditId: string): Record<string, unknown>[] {
  const details = lhr.audits[auditId]?.details;
  return details && 'items' in details ? (details.items as Record<string, unknown>[]) : [];
}

function shortUrl(url: unknown): string {
  if (typeof url !== 'string') return String(url);
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

const hasTarget = (metric: MetricSummary['metric']) => metric.min !== undefined || metric.max !== undefined;

function targetText(metric: MetricSummary['metric']): string {
  if (metric.min === 100) return '= 100';
  return metric.min !== undefined ? `≥ ${metric.min}` : `≤ ${metric.max}`;
}

function spread({ metric, median, min, max }: MetricSummary): string {
  if (median === null) return 'error';
  const show = (value: number | null) => (value ?? Number.NaN).toFixed(metric.digits);
  return min === max ? show(median) : `${show(median)} (${show(min)}–${show(max)})`;
}
