import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startPortal } from '../api/start-portal.ts';
import { DEMO_PATIENT } from '../api/demo-accounts.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { formatTable } from '../lib/table.ts';
import { CATEGORIES, judgeCategories, pointsLost, type CategoryVerdict } from './targets.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Headless Debian Chromium with nothing of its own on the network: Lighthouse must measure the
// portal only, and the bench machine has no internet.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string })
  .version;
const SIGN_IN_TIMEOUT_MS = 60_000;
const TOP_AUDITS = 5;

interface Preset {
  name: 'mobile' | 'desktop';
  /** Lighthouse's default config is the mobile preset (Moto G Power, slow 4G, simulated). */
  config: Config | undefined;
}
const PRESETS: readonly Preset[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

interface PageUnderTest {
  path: string;
  signedIn: boolean;
}
// Signed-out pages first: Lighthouse clears the HTTP cache before each run but keeps cookies and
// localStorage (its default clearStorageTypes), so the session made in between survives.
const PAGES: readonly PageUnderTest[] = [
  { path: '/auth/login', signedIn: false },
  { path: '/welcome', signedIn: true },
];

interface Front {
  name: string;
  /** Where the browser goes: the portal itself, or a compressing proxy in front of it. */
  start(portalUrl: string): Promise<{ baseUrl: string; close(): Promise<void> }>;
}
// The portal as it answers on its own. It sends the build's precompressed copies (brotli or gzip),
// which the production front (`encode gzip` in deploy/Caddyfile) passes on as they are, so this is
// what a patient's browser receives; a compressing proxy in the bench would measure the same bytes.
const FRONTS: readonly Front[] = [
  { name: 'portal', start: (portalUrl) => Promise.resolve({ baseUrl: portalUrl, close: async () => {} }) },
];

interface Run {
  front: string;
  page: PageUnderTest;
  preset: Preset['name'];
  lhr: Result;
  verdicts: CategoryVerdict[];
  problems: string[];
  html: string;
}

/**
 * Lighthouse on the built web app as the real server serves it, for each front × page × preset.
 * True when every category meets its target. LIGHTHOUSE_REPORT_DIR, when set, receives one HTML
 * report per run.
 */
export async function runWebSuite(): Promise<boolean> {
  // The portal serves WEB_DIST when set (apps/server/src/config.ts), else the app's own build.
  const webDist = process.env.WEB_DIST || path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`The web app is not built in ${webDist}: run \`npm run build\` first.`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);

  const portal = await startPortal(process.env.DATABASE_URL || undefined);
  try {
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    try {
      console.log(
        `Web benchmark: Lighthouse ${LIGHTHOUSE_VERSION}, ${await browser.version()} (headless), ` +
          `Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
      );
      console.log(`Portal database: ${portal.engine}; web app: ${webDist}`);
      console.log(`Load average before the run: ${formatLoad()}`);
      if (loadavg()[0]! > availableParallelism()) {
        console.warn(
          'The machine is busy (load above its CPU count): performance scores will be lower and noisier.',
        );
      }
      const runs: Run[] = [];
      for (const front of FRONTS) {
        const served = await front.start(portal.service.baseUrl);
        // A fresh profile per front: no session or cache carries over from the previous one.
        const context = await browser.createBrowserContext();
        try {
          runs.push(...(await audit(await context.newPage(), front.name, served.baseUrl)));
        } finally {
          await context.close();
          await served.close();
        }
      }
      console.log(`Load average after the run: ${formatLoad()}`);
      await saveReports(runs);
      printReport(runs);
      const logged = portal.log.summary();
      console.log(
        logged.length === 0
          ? 'Portal logged no warnings or errors.'
          : `Portal warnings and errors:\n${logged.map((line) => `  ${line}`).join('\n')}`,
      );
      return runs.every((run) => run.problems.length === 0 && run.verdicts.every((v) => v.passed));
    } finally {
      await browser.close();
    }
  } finally {
    await portal.close();
  }
}

async function audit(page: Page, front: string, baseUrl: string): Promise<Run[]> {
  const runs: Run[] = [];
  let signedIn = false;
  for (const target of PAGES) {
    if (target.signedIn && !signedIn) {
      await signIn(page, baseUrl);
      signedIn = true;
    }
    for (const preset of PRESETS) {
      console.log(`${front}: ${target.path} (${preset.name})…`);
      runs.push({ front, ...(await auditPage(page, baseUrl, target, preset)) });
    }
  }
  return runs;
}

/** Through the login form, as a person would; the web app keeps the session in a cookie and localStorage. */
async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(new URL('/auth/login', baseUrl).href, { waitUntil: 'networkidle0' });
  await page.locator('input[name="email"]').fill(DEMO_PATIENT.email);
  await page.locator('input[name="password"]').fill(DEMO_PATIENT.password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/welcome', { timeout: SIGN_IN_TIMEOUT_MS }),
    page.locator('form button[type="submit"]').click(),
  ]);
}

async function auditPage(
  page: Page,
  baseUrl: string,
  target: PageUnderTest,
  preset: Preset,
): Promise<Omit<Run, 'front'>> {
  const url = new URL(target.path, baseUrl).href;
  const flags: Flags = { logLevel: 'error', output: 'html' };
  let result = await lighthouse(url, flags, preset.config, page);
  // A trace that failed to record (NO_NAVSTART and the like) says nothing about the page: one retry.
  if (result?.lhr.runtimeError !== undefined) result = await lighthouse(url, flags, preset.config, page);
  if (result === undefined) throw new Error(`Lighthouse returned no result for ${url} (${preset.name})`);
  const { lhr } = result;
  const problems: string[] = [];
  if (lhr.runtimeError !== undefined) problems.push(`Lighthouse: ${lhr.runtimeError.message}`);
  // A signed-in page that bounced to the login form would be scored as the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== target.path) problems.push(`ended on ${landed}, not ${target.path}`);
  const html = typeof result.report === 'string' ? result.report : (result.report[0] ?? '');
  return { page: target, preset: preset.name, lhr, verdicts: judgeCategories(lhr), problems, html };
}

async function saveReports(runs: readonly Run[]): Promise<void> {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  for (const run of runs) {
    const file = path.join(
      dir,
      `${run.front.replaceAll(/\W+/g, '-')}-${run.page.path.slice(1).replaceAll('/', '-')}-${run.preset}.html`,
    );
    await writeFile(file, run.html);
  }
  console.log(`HTML reports in ${path.resolve(dir)}`);
}

const COLUMNS = [
  { header: 'served by' },
  { header: 'page' },
  { header: 'preset' },
  ...CATEGORIES.flatMap((category) => [
    { header: category.title, align: 'right' as const },
    { header: 'target', align: 'right' as const },
    { header: '' },
  ]),
  { header: 'FCP s', align: 'right' as const },
  { header: 'LCP s', align: 'right' as const },
  { header: 'TBT ms', align: 'right' as const },
  { header: 'CLS', align: 'right' as const },
];

function printReport(runs: readonly Run[]): void {
  const rows = runs.map((run) => [
    run.front,
    run.page.path,
    run.preset,
    ...run.verdicts.flatMap((verdict) => [
      verdict.score === null ? 'error' : String(verdict.score),
      `${verdict.category.min === 100 ? '=' : '≥'} ${verdict.category.min}`,
      verdict.passed ? '✓ pass' : '✗ miss',
    ]),
    seconds(run.lhr, 'first-contentful-paint'),
    seconds(run.lhr, 'largest-contentful-paint'),
    numeric(run.lhr, 'total-blocking-time', 0),
    numeric(run.lhr, 'cumulative-layout-shift', 3),
  ]);
  console.log(`\n${formatTable(COLUMNS, rows)}`);

  const missed = runs.filter((run) => run.problems.length > 0 || run.verdicts.some((v) => !v.passed));
  if (missed.length === 0) {
    console.log('\nAll targets met.');
    return;
  }
  console.log('\nMissed, with the audits that cost the most points:');
  for (const run of missed) {
    const label = `${run.front}: ${run.page.path} (${run.preset})`;
    for (const problem of run.problems) console.log(`  ${label}: ${problem}`);
    for (const verdict of run.verdicts.filter((v) => !v.passed)) {
      console.log(`  ${label} ${verdict.category.title} ${verdict.score ?? 'error'}:`);
      for (const loss of pointsLost(run.lhr, verdict.category.id).slice(0, TOP_AUDITS)) {
        const shown = loss.displayValue ? ` (${loss.displayValue})` : '';
        console.log(`    −${loss.points.toFixed(1)}  ${loss.id}: ${loss.title}${shown}`);
      }
    }
  }
}

function seconds(lhr: Result, id: string): string {
  const value = lhr.audits[id]?.numericValue;
  return value === undefined ? '—' : (value / 1000).toFixed(1);
}

function numeric(lhr: Result, id: string, digits: number): string {
  const value = lhr.audits[id]?.numericValue;
  return value === undefined ? '—' : value.toFixed(digits);
}

function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}
