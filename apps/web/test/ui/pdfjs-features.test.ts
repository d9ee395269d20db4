import { describe, expect, it } from 'vitest';
import legacyMain from 'pdfjs-dist/legacy/build/pdf.mjs?raw';
import legacyWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs?raw';
import {
  MODERN_PDFJS_NEEDS,
  REFINEMENTS_PDFJS_DOES_WITHOUT,
  missingModernPdfjsFeatures,
} from '../../src/ui/pdfjs-features.ts';

/** The core-js modules a legacy pdf.js file bundles, by the paths webpack leaves in it. */
const polyfillsIn = (source: string) =>
  [...source.matchAll(/core-js\/modules\/([\w.-]+)\.js/g)].flatMap((match) => match[1] ?? []);

describe("pdf.js's build for this browser", () => {
  it('names every feature the legacy build polyfills, in its page and its worker', () => {
    const polyfilled = new Set([...polyfillsIn(legacyMain), ...polyfillsIn(legacyWorker)]);
    expect(polyfilled.size).toBeGreaterThan(20);
    const known = new Set([...Object.keys(MODERN_PDFJS_NEEDS), ...REFINEMENTS_PDFJS_DOES_WITHOUT]);
    expect([...polyfilled].filter((name) => !known.has(name))).toEqual([]);
  });

  it('finds in Chromium everything the modern build calls (the first-load budget measures it)', () => {
    expect(missingModernPdfjsFeatures()).toEqual([]);
  });

  it('sends a browser without Promise.withResolvers to the legacy build', () => {
    const native = Object.getOwnPropertyDescriptor(Promise, 'withResolvers')!;
    try {
      Reflect.deleteProperty(Promise, 'withResolvers');
      expect(missingModernPdfjsFeatures()).toEqual(['es.promise.with-resolvers']);
    } finally {
      Object.defineProperty(Promise, 'withResolvers', native);
    }
  });
});
