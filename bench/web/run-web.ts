import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Agent, setGlobalDispatcher } from 'undici';
import { loopbackTlsCertificate, type TlsCertificate } from '@portal/server/testing';
import { startPortal, type PortalUnderTest } from '../api/start-portal.ts';
import { DEMO_ADMIN } from '../api/demo-accounts.ts';
import { fillPatient, type FilledPatient } from '../lib/filled-patient.ts';
import { PATIENT_PAGES, type PatientPage } from '../lib/patient-pages.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { createVerifiedPatients } from '../lib/verified-patients.ts';
import { printReport, saveRun, type PageResult, type Run } from './web-report.ts';

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
// Lighthouse's default (mobile) preset, with the three categories the web targets judge.
const FLAGS: Flags = {
  logLevel: 'error',
  output: 'html',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
  // V8's sampling profiler in the saved trace: which functions the long tasks ran. It costs the
  // page CPU, so scores from such a run are not the page's.
  ...(process.env.BENCH_WEB_PROFILE
    ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
    : {}),
};
const DEFAULT_RUNS = 3;
const SIGN_IN_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 15_000;
// The access token lives 15 minutes (ACCESS_TOKEN_TTL_SECONDS at most 900) and the web app
// refreshes it when a page finds it expired: a fresh sign-in before that keeps every measured
// load free of a refresh round trip.
const SESSION_MAX_AGE_MS = 8 * 60_000;
const PATIENT_PASSWORD = 'Quiet-harbour-lantern-42';

/** A build of the web app, served by a portal of its own. */
interface Build {
  name: string;
  dist: string;
}

/** One build's portal, its filled patient and a browser context on each side of the login. */
interface Served {
  build: Build;
  portal: PortalUnderTest;
  patient: FilledPatient;
  signedOut: Page;
  signedIn: Page;
  signIn(): Promise<void>;
  signedInAt: number;
}

/**
 * Lighthouse's phone preset on every page a patient uses (`PATIENT_PAGES`), signed in as a
 * patient whose intake, insurance card, BF-ADL history, documents and messages are filled, each
 * page scored `BENCH_WEB_RUNS` times (default 3) and judged on the median. Rounds go through
 * every page before the next, so a busy minute on the shared machine spreads over the pages.
 * `BENCH_WEB_BASELINE` names another build to measure alternately in the same session (before
 * and after a change); `BENCH_WEB_PAGES` limits the pages (comma-separated names);
 * `BENCH_WEB_PROFILE` adds V8's CPU samples to the traces `LIGHTHOUSE_REPORT_DIR` receives.
 * True when every median of this build meets its target.
 */
export async function runWebSuite(): Promise<boolean> {
  // The portal serves WEB_DIST when set (apps/server/src/config.ts), else the app's own build.
  const builds: Build[] = [];
  const baseline = process.env.BENCH_WEB_BASELINE;
  if (baseline) builds.push({ name: 'baseline', dist: path.resolve(baseline) });
  builds.push({ name: 'this build', dist: process.env.WEB_DIST || path.join(repoRoot, 'apps/web/dist') });
  for (const build of builds) {
    if (!existsSync(path.join(build.dist, 'index.html'))) {
      throw new Error(`The web app is not built in ${build.dist}: run \`npm run build\` first.`);
    }
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (baseline && databaseUrl) {
    throw new Error('BENCH_WEB_BASELINE needs a database per build: unset DATABASE_URL (embedded PGlite).');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const pages = selectedPages();
  const runs = Number(process.env.BENCH_WEB_RUNS ?? DEFAULT_RUNS);

  // Patients reach the portal over HTTPS, where the browser and the server agree on HTTP/2
  // (the node's own TLS, or Caddy in front): the portal serves its own, with a certificate for
  // this run that the bench's requests and this Chromium trust, and nothing else (decision 0025).
  const tls = loopbackTlsCertificate();
  setGlobalDispatcher(new Agent({ connect: { ca: tls.cert } }));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${tls.spkiHash}`],
  });
  const served: Served[] = [];
  try {
    console.log(
      `Web benchmark: Lighthouse ${LIGHTHOUSE_VERSION} (mobile preset), ${await browser.version()} ` +
        `(headless), Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
    );
    for (const build of builds) served.push(await serve(browser, build, databaseUrl, tls));
    console.log(`Portal database: ${served[0]!.portal.engine}`);
    for (const one of served) console.log(`${one.build.name}: ${one.build.dist}`);
    console.log(`${pages.length} pages × ${runs} runs; load average before: ${formatLoad()}`);
    if (loadavg()[0]! > availableParallelism()) {
      console.warn('The machine is busy (load above its CPU count): scores will be lower and noisier.');
    }

    const results = new Map<string, PageResult>();
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        for (const one of served) {
          const run = await measure(one, page, round);
          const key = `${one.build.name}\u0000${page.name}`;
          const result = results.get(key) ?? { build: one.build.name, page, runs: [] };
          result.runs.push(run);
          results.set(key, result);
        }
      }
    }
    console.log(`Load average after: ${formatLoad()}`);
    const passed = printReport([...results.values()], served.at(-1)!.build.name);
    for (const one of served) {
      const logged = one.portal.log.summary();
      console.log(
        logged.length === 0
          ? `${one.build.name}: the portal logged no warnings or errors.`
          : `${one.build.name}: portal warnings and errors:\n${logged.map((line) => `  ${line}`).join('\n')}`,
      );
    }
    return passed;
  } finally {
    await browser.close();
    for (const one of served) await one.portal.close();
  }
}

function selectedPages(): readonly PatientPage[] {
  const wanted = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
  if (!wanted) return PATIENT_PAGES;
  const unknown = wanted.filter((name) => !PATIENT_PAGES.some((page) => page.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown page ${unknown.join(', ')}; known: ${PATIENT_PAGES.map((page) => page.name).join(', ')}`,
    );
  }
  return PATIENT_PAGES.filter((page) => wanted.includes(page.name));
}

/** The build's portal, a filled patient made through its API, and a signed-in browser context. */
async function serve(
  browser: Browser,
  build: Build,
  databaseUrl: string | undefined,
  tls: TlsCertificate,
): Promise<Served> {
  const portal = await startPortal(databaseUrl, {
    tls,
    beforeStart: async (env) => {
      env.WEB_DIST = build.dist;
    },
  });
  const account = { email: `filled-${Date.now()}@example.com`, password: PATIENT_PASSWORD };
  await createVerifiedPatients(portal, [account.email], account.password);
  const patient = await fillPatient(portal.service.baseUrl, account, DEMO_ADMIN);
  // A fresh profile each: no session or cache is shared between the sides or the builds.
  const signedOut = await (await browser.createBrowserContext()).newPage();
  const signedIn = await (await browser.createBrowserContext()).newPage();
  const served: Served = {
    build,
    portal,
    patient,
    signedOut,
    signedIn,
    signedInAt: 0,
    async signIn() {
      await signInThroughForm(signedIn, portal.service.baseUrl, account);
      served.signedInAt = Date.now();
    },
  };
  await served.signIn();
  return served;
}

/** Through the login form, as a person would; the app keeps the session in a cookie and localStorage. */
async function signInThroughForm(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(new URL('/auth/login', baseUrl).href, { waitUntil: 'networkidle0' });
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/welcome', { timeout: SIGN_IN_TIMEOUT_MS }),
    page.locator('form button[type="submit"]').click(),
  ]);
  // Off the app: Lighthouse's trace of a navigation to the page it is already on has no start.
  await page.goto('about:blank');
}

/**
 * One cold load of the page. Lighthouse clears the HTTP cache before it navigates but keeps
 * cookies and localStorage (its default `clearStorageTypes`), so the signed-in context's session
 * carries over: the auth cookie, the user info and the handshake's uid and key.
 */
async function measure(served: Served, target: PatientPage, round: number): Promise<Run> {
  const page = target.signedIn ? served.signedIn : served.signedOut;
  // The messenger's open state lives in sessionStorage: only the page that opens it has it open.
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.clear());
  if (target.signedIn && Date.now() - served.signedInAt > SESSION_MAX_AGE_MS) await served.signIn();
  const url = new URL(target.path(served.patient), served.portal.service.baseUrl).href;
  const load = loadavg()[0]!;
  console.log(`${served.build.name}: ${target.name}, run ${round} (load ${load.toFixed(2)})…`);
  let result = await lighthouse(url, FLAGS, undefined, page);
  // A trace that failed to record (NO_NAVSTART and the like) says nothing about the page: one retry.
  if (result?.lhr.runtimeError !== undefined) result = await lighthouse(url, FLAGS, undefined, page);
  if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
  const problems = await check(page, target, new URL(url).pathname, result);
  const run: Run = { round, load, lhr: result.lhr, problems };
  await saveRun(served.build.name, target, run, result);
  return run;
}

/** What makes a run say nothing about the page: an error, another page, or a page never whole. */
async function check(
  page: Page,
  target: PatientPage,
  pathname: string,
  { lhr }: RunnerResult,
): Promise<string[]> {
  const problems: string[] = [];
  if (lhr.runtimeError !== undefined) problems.push(`Lighthouse: ${lhr.runtimeError.message}`);
  // A signed-in page that bounced to the login form would be scored as the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== pathname) problems.push(`ended on ${landed}, not ${pathname}`);
  const requests = lhr.audits['network-requests']?.details;
  const protocol = requests?.type === 'table' ? requests.items[0]?.protocol : undefined;
  if (protocol !== 'h2') problems.push(`served over ${String(protocol)}, not HTTP/2`);
  for (const selector of target.ready) {
    const found = await page.waitForSelector(selector, { timeout: READY_TIMEOUT_MS }).catch(() => null);
    if (!found) problems.push(`never showed ${selector}`);
  }
  return problems;
}

function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}
