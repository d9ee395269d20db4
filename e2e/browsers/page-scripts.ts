/**
 * Scripts the journey runs in the page, as function bodies (`arguments` are the values passed).
 * Strings rather than functions: see drivers.ts.
 */

/**
 * What the page shows now: its address, language, main heading, and the errors it shows or
 * threw. Installs the error listeners on the first look at each page load.
 */
export const LOOK = `
  if (!window.__smokeErrors) {
    window.__smokeErrors = [];
    window.addEventListener('error', (event) => window.__smokeErrors.push('uncaught: ' + event.message));
    window.addEventListener('unhandledrejection', (event) =>
      window.__smokeErrors.push('unhandled rejection: ' + String(event.reason && (event.reason.stack || event.reason))),
    );
  }
  const visible = (element) => element.getClientRects().length > 0;
  const alerts = [...document.querySelectorAll('[role="alert"]')]
    .filter((element) => visible(element) && element.textContent.trim() !== '')
    .map((element) => 'shown: ' + element.textContent.trim());
  const root = document.getElementById('root');
  const h1 = document.querySelector('h1');
  return {
    path: location.pathname + location.search,
    lang: document.documentElement.lang,
    h1: h1 ? h1.textContent.trim() : '',
    busy: document.querySelectorAll('.page-loading').length > 0,
    blank: !root || root.textContent.trim() === '',
    errors: [...window.__smokeErrors, ...alerts],
  };
`;

/**
 * Marks the first visible element matching the CSS selector `arguments[0]` whose text or
 * accessible label matches the pattern `arguments[1]` with `data-smoke-target`, for a click
 * through the browser's own input; whether one was found.
 */
export const MARK = `
  const [css, pattern] = arguments;
  const wanted = new RegExp(pattern);
  for (const old of document.querySelectorAll('[data-smoke-target]')) old.removeAttribute('data-smoke-target');
  const found = [...document.querySelectorAll(css)].find(
    (element) =>
      element.getClientRects().length > 0 &&
      (wanted.test(element.textContent.trim()) || wanted.test(element.getAttribute('aria-label') || '')),
  );
  if (found) found.setAttribute('data-smoke-target', '');
  return Boolean(found);
`;

/** How many canvases show a drawn page: some pixel neither blank nor white. */
export const DRAWN_CANVASES = `
  let drawn = 0;
  for (const canvas of document.querySelectorAll('canvas')) {
    if (canvas.width === 0 || canvas.height === 0) continue;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < pixels.length; i += 4 * 37) {
      if (pixels[i + 3] > 0 && (pixels[i] < 200 || pixels[i + 1] < 200 || pixels[i + 2] < 200)) {
        drawn++;
        break;
      }
    }
  }
  return drawn;
`;

/** The value of the form control the CSS selector `arguments[0]` names, or null. */
export const VALUE_OF = `
  const control = document.querySelector(arguments[0]);
  return control ? control.value : null;
`;

/** The first option with a value of the select the CSS selector `arguments[0]` names. */
export const FIRST_CHOICE = `
  return [...document.querySelector(arguments[0]).options].find((option) => option.value !== '').value;
`;

/**
 * Makes the page an older browser's as far as pdf.js is concerned, before the app starts: without
 * the two calls pdf.js 5 needs, which iOS before 17.4 lacks. The app then loads pdf.js's legacy
 * build, whose polyfills put them back.
 */
export const WITHOUT_NEWER_APIS = `
  delete Promise.withResolvers;
  delete Uint8Array.fromBase64;
`;

/** Whether pdf.js's legacy build runs in the page: its core-js keeps its store on the global. */
export const LEGACY_PDFJS_LOADED = `
  return typeof globalThis['__core-js_shared__'] === 'object' && typeof Promise.withResolvers === 'function';
`;
