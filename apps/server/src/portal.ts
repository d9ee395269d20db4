import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/database.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { DataCipher } from './lib/data-cipher.ts';
import { loadSecrets } from './lib/secrets.ts';
import { clinicIdentity } from './modules/admin/settings/settings-store.ts';
import { LivenessCache } from './modules/auth/liveness-cache.ts';
import { startLivenessListener } from './modules/auth/liveness-listener.ts';
import { createMailer } from './modules/mail/mailer.ts';

export interface Portal {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  demoSeeded: boolean;
  close(): Promise<void>;
}

export interface PortalOptions {
  /** Overrides the engine chosen from config (tests use an in-memory PGlite). */
  database?: DatabaseTarget;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** Opens the database, migrates, seeds demo data when allowed, and builds the app. */
export async function createPortal(config: Config, options: PortalOptions = {}): Promise<Portal> {
  const target =
    options.database ??
    (config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
      : { dataDir: config.dataDir });
  const database = await openDatabase(target);
  await database.migrate();
  const secrets = await loadSecrets(config);
  const logOptions = options.logger ?? loggerOptions(config.LOG_LEVEL);
  // Fastify takes the destination as `stream` in its options, pino as a second argument: pass
  // it on, so service logs (mail, jobs) reach the same place as request logs (and tests see them).
  const log =
    typeof logOptions === 'object'
      ? pino(logOptions, (logOptions as { stream?: pino.DestinationStream }).stream)
      : pino({ level: config.LOG_LEVEL });
  const ctx: AppContext = {
    config,
    db: database.db,
    cipher: new DataCipher(secrets.masterKey),
    secrets,
    mailer: createMailer(config, log, () => clinicIdentity(ctx)),
    log,
    liveness: new LivenessCache(),
    now: options.now ?? (() => new Date()),
  };
  const demoSeeded = config.demo ? await seedDemo(ctx) : false;
  const app = await buildApp(ctx, { logger: logOptions, database });
  const listener = startLivenessListener(database, ctx.liveness, log);
  // After in-flight requests, before the pool: a graceful shutdown closes the LISTEN connection too.
  app.addHook('onClose', () => listener.close());
  return {
    app,
    ctx,
    database,
    demoSeeded,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
