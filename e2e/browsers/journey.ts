import type { SmokeBrowser } from './drivers.ts';
import { DRAWN_CANVASES, FIRST_CHOICE, LEGACY_PDFJS_LOADED, LOOK, MARK, VALUE_OF } from './page-scripts.ts';

const PATIENT = { email: 'patient@example.com', password: 'Patient-demo-2025' };
const CLINICIAN = { email: 'clinician@example.com', password: 'Clinician-demo-2025' };
const WAIT_MS = 30_000;

interface Look {
  path: string;
  lang: string;
  h1: string;
  busy: boolean;
  blank: boolean;
  errors: string[];
}

/**
 * A patient's and a clinician's everyday path through the portal at `origin`, in one browser:
 * sign-in, an intake answer saved, a document and its signing view with the PDF drawn, the
 * Chinese edition, the worklist and a chart. `legacyPdfjs`: whether the browser was made to lack
 * what pdf.js's modern build calls, and so which build must have drawn the PDF. Throws, naming the step and what the page showed,
 * at the first step that does not come about or at the first error the page shows or throws.
 */
export async function journey(
  browser: SmokeBrowser,
  origin: string,
  options: { legacyPdfjs: boolean; log: (line: string) => void },
) {
  const look = () => browser.run<Look>(LOOK);
  let step = '';

  /** Waits until `done` holds of the page, failing at once on an error it shows or throws. */
  async function until(what: string, done: (now: Look) => boolean | Promise<boolean>) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = await look();
      if (now.errors.length > 0) {
        throw new Error(`${step}: on ${now.path} the page shows an error: ${now.errors.join(' | ')}`);
      }
      if (!now.busy && (await done(now))) return now;
      if (Date.now() > deadline) {
        const state = now.blank ? 'a blank page' : `"${now.h1}" (lang ${now.lang})`;
        throw new Error(
          `${step}: ${what} did not happen within ${WAIT_MS / 1000} s; ${now.path} shows ${state}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const exists = (css: string) =>
    browser.run<boolean>('return document.querySelector(arguments[0]) !== null', css);
  const drawnCanvases = () => browser.run<number>(DRAWN_CANVASES);
  async function clickOn(css: string, text: RegExp) {
    await until(`a ${css} reading ${text}`, () => browser.run<boolean>(MARK, css, text.source));
    await browser.click('[data-smoke-target]');
  }
  async function signIn(account: { email: string; password: string }) {
    await browser.open(`${origin}/auth/login`);
    await until('the sign-in form', () => exists('input[name="password"]'));
    await browser.type('input[name="email"]', account.email);
    await browser.type('input[name="password"]', account.password);
    await browser.click('form button[type="submit"]');
  }
  const started = Date.now();
  const begin = (name: string) => {
    step = name;
    options.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${name}`);
  };

  begin('the patient signs in');
  await signIn(PATIENT);
  await until('the welcome page', (now) => now.path === '/welcome' && now.h1.includes('Pat'));

  begin('the patient saves an intake answer');
  const preferredName = '#intake-profile-preferred_name';
  await browser.open(`${origin}/welcome/intake-form?step=profile`);
  await until('the profile step', () => exists(preferredName));
  await browser.type(preferredName, 'Patty');
  // The step's required answers the demo patient has not given yet.
  await browser.click('#intake-profile-sex_at_birth-female');
  const language = '#intake-profile-preferred_language';
  await browser.choose(language, await browser.run<string>(FIRST_CHOICE, language));
  await clickOn('button', /^Save and continue$/);
  await until('the next step', (now) => !now.path.includes('step=profile'));
  await browser.open(`${origin}/welcome/intake-form?step=profile`);
  await until('the saved answer', async () => (await browser.run(VALUE_OF, preferredName)) === 'Patty');

  begin('the patient opens a document');
  await browser.open(`${origin}/welcome/documents`);
  await clickOn('a', /^Consent to home medical device therapy$/);
  await until('the PDF drawn on a canvas', async () => (await drawnCanvases()) > 0);
  if (options.legacyPdfjs !== (await browser.run<boolean>(LEGACY_PDFJS_LOADED))) {
    const expected = options.legacyPdfjs ? 'legacy' : 'modern';
    throw new Error(`${step}: the PDF was drawn, but not by pdf.js's ${expected} build`);
  }

  begin('the patient opens the signing view');
  await clickOn('button', /^Sign document$/);
  await until(
    'the signing view with its PDF',
    async () => (await exists('input[type="checkbox"]')) && (await drawnCanvases()) > 0,
  );

  begin('the patient switches to Chinese');
  await clickOn('button', /account menu$/);
  await clickOn('[role="menuitemradio"]', /^简体中文$/);
  await until('the page in Chinese', (now) => now.lang === 'zh-CN');
  await browser.open(`${origin}/welcome`);
  await until('the welcome page in Chinese', (now) => now.h1.includes('欢迎'));

  begin('the clinician signs in');
  await browser.forgetSession();
  await signIn(CLINICIAN);
  await until('the worklist', (now) => now.path.startsWith('/users') && now.h1 !== '');

  begin('the clinician opens a chart');
  await clickOn('a[href^="/users/"]', /Pat/);
  await until('the chart', (now) => /^\/users\/[^/?]+/.test(now.path) && now.h1.includes('Pat'));
  begin('done');
}
