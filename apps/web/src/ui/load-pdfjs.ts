import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js is large: it is fetched only when a document is opened, never on the login page. Its
 * worker is a separate asset from our own origin (CSP worker-src 'self').
 */
export async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}
