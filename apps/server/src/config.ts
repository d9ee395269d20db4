import path from 'node:path';
import { z } from 'zod';
import { httpsUrl } from '@portal/protocol';
import { repoRoot } from './paths.ts';

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

/**
 * Every setting, from the environment, with safe defaults. The `describe` texts feed
 * the configuration reference in docs/operations.md, so they are written for operators.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').describe('Runtime mode.'),
  HOST: z.string().optional().describe('Address to listen on; 127.0.0.1 unless production (0.0.0.0).'),
  PORT: port.default(8080).describe('HTTP port for the web app and API.'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe('External base URL used in e-mail links; default http://localhost:PORT.'),
  DATA_DIR: z
    .string()
    .default('./data')
    .describe(
      'Embedded database, generated keys and the mail outbox. In production without DATABASE_URL it must be set explicitly.',
    ),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used.'),
  DATABASE_POOL_MAX: positiveInt.default(10).describe('PostgreSQL connections per node.'),
  PORTAL_MASTER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional()
    .describe(
      '32-byte hex key protecting data at rest; generated into DATA_DIR when unset outside production.',
    ),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('HMAC secret signing access tokens; generated into DATA_DIR when unset outside production.'),
  JWT_SECRET_PREVIOUS: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'The signing secret being retired: tokens it signed stay valid until they expire (at most ACCESS_TOKEN_TTL_SECONDS); remove it after that.',
    ),
  TLS_CERT: z
    .string()
    .optional()
    .describe('PEM certificate chain file; with TLS_KEY the portal serves HTTPS itself.'),
  TLS_KEY: z.string().optional().describe('PEM private key file for TLS_CERT.'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'Honour X-Forwarded-For/-Proto/-Host from a reverse proxy: `true`, a hop count, or comma-separated proxy addresses/CIDRs. Unset: the headers are ignored.',
    ),
  SHUTDOWN_GRACE_SECONDS: positiveInt
    .default(10)
    .describe('On SIGTERM/SIGINT: how long in-flight requests may take before the process exits anyway.'),
  WORKER_THREADS: positiveInt
    .optional()
    .describe(
      'Worker threads that parse uploaded PDFs and build signed ones, off the event loop; default one fewer than the cores, at least 1.',
    ),
  WORKER_QUEUE_MAX: positiveInt
    .default(16)
    .describe('PDF jobs that may wait for a worker thread; beyond them an upload answers 10503.'),
  WORKER_JOB_SECONDS: positiveInt
    .default(15)
    .describe('How long one PDF job may run; an upload that needs longer is refused with 10415.'),
  WORKER_JOB_MEMORY_MB: positiveInt
    .default(512)
    .describe('Heap of one worker thread; an upload whose parsing needs more is refused with 10415.'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe('Bearer token for GET /metrics (Prometheus); unset: /metrics answers 404.'),
  API_DOCS: z
    .enum(['on', 'off'])
    .optional()
    .describe(
      'Serve the API explorer (Swagger UI) and the OpenAPI description at /backend/api/docs: default on outside production, off in production.',
    ),
  PORTAL_DEMO: bool
    .optional()
    .describe('Seed the demo patient and admin into an empty database (default on outside production).'),
  SMTP_URL: z
    .string()
    .optional()
    .describe('SMTP server URL (smtp:// or smtps://); when unset mail is written to DATA_DIR/outbox.'),
  MAIL_FROM: z
    .string()
    .default('Patient Portal <no-reply@portal.local>')
    .describe('Sender of outgoing mail.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Log level.'),
  WEB_DIST: z.string().optional().describe('Directory of the built web app; default apps/web/dist.'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt
    .max(900)
    .default(900)
    .describe('Access token lifetime (at most 15 minutes).'),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt
    .default(60 * 60 * 24 * 30)
    .describe('Refresh token lifetime without use.'),
  HANDSHAKE_TTL_SECONDS: positiveInt
    .default(60 * 60 * 24)
    .describe('Handshake session lifetime without use.'),
  AUDIT_RETENTION_DAYS: positiveInt
    .default(2192)
    .describe(
      'Days the audit log is kept; older rows are deleted by the housekeeping job. Default six years (HIPAA §164.316(b)(2)).',
    ),
  PURGE_INTERVAL_SECONDS: positiveInt
    .max(24 * 60 * 60)
    .default(60 * 60)
    .describe(
      'How often the housekeeping job deletes what the retentions allow (at most a day). Shorten it only to watch the purge at work, as the soak does.',
    ),
  RATE_LIMIT_AUTH_PER_MINUTE: positiveInt
    .default(30)
    .describe('Per client address: login, MFA, signup and password-reset requests a minute.'),
  RATE_LIMIT_HANDSHAKE_PER_MINUTE: positiveInt
    .default(120)
    .describe('Per client address: handshakes a minute.'),
  FHIR_RATE_LIMIT_PER_MINUTE: positiveInt
    .default(600)
    .describe('Per FHIR client: reads and searches of the FHIR API a minute.'),
  LOCKOUT_THRESHOLD: positiveInt.default(5).describe('Failed logins within the window that lock an account.'),
  LOCKOUT_WINDOW_SECONDS: positiveInt.default(15 * 60).describe('Window in which failed logins are counted.'),
  LOCKOUT_SECONDS: positiveInt.default(5 * 60).describe('How long a locked account stays locked.'),
  CLINIC_NAME: z
    .string()
    .default('Northbridge Clinic & Devices')
    .describe('Clinic name shown in the portal and mail.'),
  SUPPORT_EMAIL: z
    .email()
    .default('support@northbridge.example')
    .describe('Support e-mail in the support menu.'),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be E.164, e.g. +18005550123')
    .default('+18005550123')
    .describe('Toll-free support phone (E.164).'),
  WEBHOOK_ALLOW_HTTP: bool
    .optional()
    .describe(
      'Let webhook endpoints use plain http:// addresses (a receiver on this machine or a private network); default off in production, on otherwise.',
    ),
  WEBHOOK_ALLOW_LOOPBACK: bool
    .optional()
    .describe(
      "Let webhook deliveries reach an address on the portal's own machine (127.0.0.0/8, ::1), as a test receiver is; default off in production, on otherwise. Link-local and reserved addresses (cloud metadata at 169.254.169.254) are never reached.",
    ),
  BOOKING_URL: httpsUrl
    .default('https://northbridge.example/book-a-call')
    .describe('Book-an-info-call link (https).'),
  COMPANY_URL: httpsUrl.default('https://northbridge.example').describe('Company site link (https).'),
});

export type Config = z.infer<typeof configSchema> & {
  host: string;
  trustProxy: boolean | number | string[];
  publicUrl: string;
  dataDir: string;
  webDist: string;
  demo: boolean;
  production: boolean;
  apiDocs: boolean;
  /** WEBHOOK_ALLOW_HTTP with its default applied. */
  webhookAllowHttp: boolean;
  /** WEBHOOK_ALLOW_LOOPBACK with its default applied. */
  webhookAllowLoopback: boolean;
};

/** Besides DATABASE_URL or an explicit DATA_DIR. */
export const REQUIRED_IN_PRODUCTION = ['PORTAL_MASTER_KEY', 'JWT_SECRET', 'PUBLIC_URL'] as const;

/**
 * What production refuses to guess: where the data lives, the keys and the public address.
 * Checked on the raw environment, because DATA_DIR has a default that suits only a demo.
 */
function missingForProduction(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const missing: string[] = [];
  if (!set('DATABASE_URL') && !set('DATA_DIR'))
    missing.push('DATABASE_URL (or DATA_DIR for the embedded database)');
  for (const name of REQUIRED_IN_PRODUCTION) if (!set(name)) missing.push(name);
  return missing;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  const production = (env.NODE_ENV ?? 'development') === 'production';
  if (production) {
    const missing = missingForProduction(env);
    if (missing.length > 0) problems.unshift(`  missing in production: ${missing.join(', ')}`);
  }
  if (production && (env.PORTAL_DEMO === '1' || env.PORTAL_DEMO === 'true'))
    problems.push('  PORTAL_DEMO: demo accounts are never created in production; unset it');
  if (Boolean(env.TLS_CERT) !== Boolean(env.TLS_KEY))
    problems.push('  TLS_CERT and TLS_KEY: set both or neither');
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    production,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    host: c.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    demo: !production && (c.PORTAL_DEMO ?? true),
    // The full route map helps an attacker more than an operator; production opts in.
    apiDocs: (c.API_DOCS ?? (production ? 'off' : 'on')) === 'on',
    webhookAllowHttp: c.WEBHOOK_ALLOW_HTTP ?? !production,
    webhookAllowLoopback: c.WEBHOOK_ALLOW_LOOPBACK ?? !production,
  };
}
