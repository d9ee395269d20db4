import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { precompress } from './build-plugins/precompress.ts';

/** The entry chunk's file: index.html's module script, named after it. */
const ENTRY_CHUNK = /^assets\/index-[\w-]+\.js$/;

// The API runs on the server's port in development; the built app is served by the server itself.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:8080';

/**
 * React Router's own production build. Its package exports name only its development build, so a
 * bundler takes that one with its warnings and checks (remix-run/react-router#14753); the build
 * names the production files itself, the development server keeps the warnings.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

/**
 * libphonenumber-js's numbering plans (83 kB) as its JSON file rather than its `.json.js` copy,
 * an object literal: Vite turns JSON of more than 10 kB into `JSON.parse("…")` (`json.stringify`
 * 'auto'), which V8 evaluates about twice as fast, in the task that starts every intake step.
 */
const phoneMetadataAsJson = {
  find: /^\.\.\/\.\.\/metadata\.min\.json\.js$/,
  replacement: createRequire(import.meta.url).resolve('libphonenumber-js/metadata.min.json'),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [phoneMetadataAsJson, ...(command === 'build' ? reactRouterProduction : [])],
  },
  server: {
    proxy: {
      '/backend': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    // The supported browsers, from the repository's .browserslistrc (README, "Supported browsers"):
    // syntax newer than the oldest of them is lowered. Their APIs are not polyfilled; pdf.js, the
    // one dependency that uses newer ones, is its legacy build, which carries its own.
    target: browserslistToEsbuild(undefined, { path: import.meta.dirname }),
    // The server's CSP is `script-src 'self'`: keep every script an external file.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The largest chunk by far is the password meter's dictionaries (@zxcvbn-ts/language-common:
    // 1.2 MB, 613 kB gzip), loaded only with the meter; every other chunk stays under 450 kB.
    // Above that, a new chunk is worth the warning.
    chunkSizeWarningLimit: 1300,
    modulePreload: {
      // The entry's dynamic imports (the route table's layouts and pages, preloaded at start) fetch
      // their whole import graph at once: the first paint waits for it. A page's own lazy parts (a
      // welcome card's live status, the messenger) come after that paint, and each `<link
      // rel=modulepreload>` Vite would add for them costs the main thread a few milliseconds on a
      // slow phone, in the middle of the page's tasks: those let the browser follow their imports.
      // Stylesheets are always preloaded (Vite keeps them apart from these dependencies).
      // index.html keeps its links: the chunks the entry imports statically are fetched beside it
      // rather than after it has arrived and been parsed.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' || ENTRY_CHUNK.test(hostId) ? deps : [],
    },
    rolldownOptions: {
      checks: {
        // The time it reports is precompress() doing what it is for: brotli at quality 11 over
        // 4.5 MB of output, once per build (9.0 s here; quality 9 takes 1.8 s but sends every
        // patient 7 % more bytes). Bundling itself takes about 2 s: nothing else to report.
        bundlerTimings: false,
      },
      treeshake: {
        // @portal/protocol builds its zod schemas at module top level, which a bundler must
        // otherwise keep. Its modules have no other effects, so a page ships only the schemas
        // its forms validate with.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]protocol[\\/]src[\\/]/.test(id),
      },
    },
  },
}));
