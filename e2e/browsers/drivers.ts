import { spawn, type ChildProcess } from 'node:child_process';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { freePort, waitForHttp } from './processes.ts';

/**
 * The few things the smoke journey asks of a browser, over WebDriver: classic WebDriver for
 * WebKitGTK's WebKitWebDriver, WebDriver BiDi for Firefox, which speaks it itself (no
 * geckodriver). Page scripts are strings: the runner's transpiler renames functions it passes
 * through (`__name`), which a page does not define.
 */
export interface SmokeBrowser {
  readonly name: string;
  open(url: string): Promise<void>;
  /** Runs `body` (a function body; `args` as `arguments`) in the page and returns its result. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  click(css: string): Promise<void>;
  type(css: string, text: string): Promise<void>;
  /** Chooses the option of value `value` in the select the CSS selector names. */
  choose(css: string, value: string): Promise<void>;
  /** Signs the browser out of everything: cookies and both storages of the portal's origin. */
  forgetSession(): Promise<void>;
  screenshot(): Promise<Uint8Array>;
  quit(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 900 };
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** WebKitGTK (Safari's engine) through WebKitWebDriver, under a virtual display of its own. */
export async function startWebKit(binaries: { driver: string; miniBrowser: string }): Promise<SmokeBrowser> {
  const port = await freePort();
  // Its own process group: the X server xvfb-run starts goes with the driver on quit.
  const driver = spawn('xvfb-run', ['-a', binaries.driver, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/status`, 20_000);
    const session = await webdriver<{ sessionId: string }>(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary: binaries.miniBrowser, args: ['--automation'] },
        },
      },
    });
    const at = `/session/${session.sessionId}`;
    const call = <T>(method: string, path: string, body?: unknown) =>
      webdriver<T>(base, method, `${at}${path}`, body);
    await call('POST', '/window/rect', VIEWPORT);
    const find = async (css: string) =>
      (await call<Record<string, string>>('POST', '/element', { using: 'css selector', value: css }))[
        ELEMENT
      ]!;
    return {
      name: 'WebKit',
      open: async (url) => void (await call('POST', '/url', { url })),
      run: (body, ...args) => call('POST', '/execute/sync', { script: body, args }),
      click: async (css) => void (await call('POST', `/element/${await find(css)}/click`, {})),
      type: async (css, text) => {
        const element = await find(css);
        await call('POST', `/element/${element}/clear`, {});
        await call('POST', `/element/${element}/value`, { text });
      },
      choose: async (css, value) => {
        const option = await find(`${css} option[value="${value}"]`);
        await call('POST', `/element/${option}/click`, {});
      },
      forgetSession: async () => {
        await call('POST', '/execute/sync', { script: FORGET_STORAGE, args: [] });
        await call('DELETE', '/cookie');
      },
      screenshot: async () => Buffer.from(await call<string>('GET', '/screenshot'), 'base64'),
      quit: async () => {
        await call('DELETE', '').catch(() => undefined);
        stop(driver);
      },
    };
  } catch (error) {
    stop(driver);
    throw error;
  }
}

/**
 * Firefox over WebDriver BiDi, which it serves itself on its remote-debugging port. `before`:
 * a script run in every page before the page's own.
 */
export async function startFirefox(executablePath: string, before?: string): Promise<SmokeBrowser> {
  const browser: Browser = await launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    defaultViewport: VIEWPORT,
  });
  const page: Page = (await browser.pages())[0] ?? (await browser.newPage());
  if (before) await page.evaluateOnNewDocument(before);
  return {
    name: 'Firefox',
    open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    // The same shape as classic WebDriver's execute: a function body reading `arguments`.
    run: (body, ...args) =>
      page.evaluate((source: string, values: unknown[]) => new Function(source)(...values), body, args),
    click: (css) => page.click(css),
    type: async (css, text) => {
      await page.click(css, { count: 3 });
      await page.keyboard.press('Backspace');
      await page.type(css, text);
    },
    choose: async (css, value) => void (await page.select(css, value)),
    forgetSession: async () => {
      await page.evaluate(FORGET_STORAGE);
      await browser.deleteCookie(...(await browser.cookies()));
    },
    screenshot: () => page.screenshot(),
    quit: () => browser.close(),
  };
}

const FORGET_STORAGE = 'localStorage.clear(); sessionStorage.clear();';

async function webdriver<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) {
    throw new Error(`WebDriver ${method} ${path}: ${answer.value.error}: ${answer.value.message}`);
  }
  return answer.value;
}

function stop(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
