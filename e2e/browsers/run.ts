import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from '../../scripts/builds.mjs';
import { startFirefox, startWebKit, type SmokeBrowser } from './drivers.ts';
import { journey } from './journey.ts';
import { WITHOUT_NEWER_APIS } from './page-scripts.ts';
import { startPortal } from './processes.ts';

/**
 * The smoke journey in WebKit and Firefox, Debian's builds (README, "Supported browsers"):
 * `npm run e2e:browsers`. Outside CI a machine without them skips with a note; in CI (`CI`
 * set) a missing browser fails, as .ci/run installs them.
 */
// Beside the Chromium suite's results, not among them: Playwright empties its folder at each start.
const SHOTS = path.join(root, 'node_modules/.e2e-browsers');

const webkitDriver = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const miniBrowser = process.env.WEBKIT_MINIBROWSER_PATH ?? findMiniBrowser();
const firefox = process.env.FIREFOX_PATH ?? ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find(existsSync);
const xvfb = '/usr/bin/xvfb-run';
const xauth = '/usr/bin/xauth';

interface Candidate {
  name: string;
  missing: string[];
  /**
   * Whether the browser plays an older one for pdf.js (WITHOUT_NEWER_APIS): Firefox, so the
   * legacy build is drawn in one engine and the modern build in WebKit and Chromium.
   */
  legacyPdfjs: boolean;
  start(): Promise<SmokeBrowser>;
}

const candidates: Candidate[] = [
  {
    name: 'WebKit',
    missing: [
      existsSync(webkitDriver) ? '' : `${webkitDriver} (webkit2gtk-driver)`,
      miniBrowser && existsSync(miniBrowser) ? '' : 'MiniBrowser (libwebkit2gtk-4.1-0)',
      existsSync(xvfb) ? '' : `${xvfb} (xvfb)`,
      existsSync(xauth) ? '' : `${xauth} (xauth)`,
    ].filter(Boolean),
    legacyPdfjs: false,
    start: () => startWebKit({ driver: webkitDriver, miniBrowser: miniBrowser! }),
  },
  {
    name: 'Firefox',
    missing: firefox && existsSync(firefox) ? [] : [`${firefox ?? '/usr/bin/firefox-esr'} (firefox-esr)`],
    legacyPdfjs: true,
    start: () => startFirefox(firefox!, WITHOUT_NEWER_APIS),
  },
];

const absent = candidates.filter((candidate) => candidate.missing.length > 0);
for (const { name, missing } of absent) {
  const note = `browsers: ${name} is not installed: ${missing.join(', ')}`;
  if (process.env.CI) {
    console.error(`${note}; CI runs the smoke journey in every supported engine (.ci/run installs them)`);
    process.exit(1);
  }
  say(`${note}; its smoke journey is skipped (apt-get install webkit2gtk-driver xvfb xauth firefox-esr)`);
}

if (absent.length < candidates.length) buildIfStale(['web', 'server']);
let passed = 0;
let failed = 0;
for (const candidate of candidates.filter((candidate) => candidate.missing.length === 0)) {
  const started = Date.now();
  say(`browsers: ${candidate.name}${candidate.legacyPdfjs ? ', as an older browser for pdf.js' : ''}`);
  // Side by side: the portal's migrations and seed and the browser's start take seconds each.
  const [portal, browser] = await Promise.allSettled([startPortal(), candidate.start()]);
  try {
    if (portal.status === 'rejected') throw portal.reason;
    if (browser.status === 'rejected') throw browser.reason;
    await journey(browser.value, portal.value.url, { legacyPdfjs: candidate.legacyPdfjs, log: say });
    passed++;
    say(`browsers: ${candidate.name} passed in ${seconds(started)} s`);
  } catch (error) {
    failed++;
    console.error(
      `browsers: ${candidate.name} FAILED after ${seconds(started)} s: ${(error as Error).message}`,
    );
    if (browser.status === 'fulfilled') await keepScreenshot(browser.value);
  } finally {
    if (browser.status === 'fulfilled') await browser.value.quit().catch(() => undefined);
    if (portal.status === 'fulfilled') await portal.value.stop();
  }
}
say(`browsers: ${passed} passed, ${failed} failed${absent.length ? `, ${absent.length} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

function seconds(since: number) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

async function keepScreenshot(browser: SmokeBrowser) {
  try {
    mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, `${browser.name.toLowerCase()}-failure.png`);
    writeFileSync(file, await browser.screenshot());
    console.error(`browsers: the page at the failure: ${file}`);
  } catch {
    // A browser that no longer answers leaves no picture; the message above says what failed.
  }
}

/** Debian installs it under the architecture's library directory. */
function findMiniBrowser() {
  const lib = '/usr/lib';
  if (!existsSync(lib)) return undefined;
  return readdirSync(lib)
    .map((dir) => path.join(lib, dir, 'webkit2gtk-4.1/MiniBrowser'))
    .find(existsSync);
}
