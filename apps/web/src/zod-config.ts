/**
 * Zod compiles object parsers with `new Function` unless told not to; it probes for that by
 * calling `Function('')`, which our `script-src 'self'` CSP refuses, and the browser records a
 * CSP violation on every page. Zod 4 keeps its configuration on this global so that copies of
 * it share one; setting it here, before zod loads, spares the login page's first load the
 * whole of zod, which `z.config()` would pull in. Imported first by main.tsx.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
