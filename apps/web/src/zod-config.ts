import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to; it probes for that by
 * calling `Function('')`, which our `script-src 'self'` CSP refuses, and the browser records a
 * CSP violation on every page. Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });
