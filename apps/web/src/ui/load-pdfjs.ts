import modernWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import legacyWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { missingModernPdfjsFeatures } from './pdfjs-features.ts';

/**
 * pdf.js is large: it is fetched only when a document is opened, never on the login page. Its
 * worker is a separate asset from our own origin (CSP worker-src 'self').
 *
 * Two builds: the modern one calls what only this year's browsers have (`Promise.withResolvers`
 * and `Uint8Array.fromBase64` among them: iOS before 17.4 lacks both, and many patients keep
 * older iPhones). Browsers that lack any of it get the legacy build, which carries its own
 * polyfills in the page and in the worker (README, "Supported browsers"); the others fetch the
 * modern one, some 37 KiB gzip smaller.
 */
export async function loadPdfjs() {
  const modern = missingModernPdfjsFeatures().length === 0;
  const pdfjs = modern ? await import('pdfjs-dist') : await import('pdfjs-dist/legacy/build/pdf.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = modern ? modernWorkerUrl : legacyWorkerUrl;
  return pdfjs;
}
