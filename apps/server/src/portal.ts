import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/database.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { snapshotEarlierHandIns } from './modules/patient/index.ts';
import { DataCipher } from './lib/data-cipher.ts';
import { loadSecrets } from './lib/secrets.ts';
import { createWorkerPool } from './lib/worker-pool/worker-pool.ts';
import { clinicIdentity } from './modules/settings/index.ts';
import {
  LivenessCache,
  preparePasswordResetMail,
  prepareVerificationMail,
  startLivenessListener,
} from './modules/auth/index.ts';
import { createMailer, createMailQueue, type MailQueue } from './modules/mail/index.ts';
import { createWebhookQueue, type WebhookQueue } from './modules/webhooks/index.ts';
import { JOBS } from './jobs/job-table.ts';
import { createJobScheduler, type JobScheduler } from './jobs/scheduler.ts';

export interface Portal {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  /** The outbox worker of this node (tests drain it before reading the outbox). */
  mailQueue: MailQueue;
  /** The webhook delivery worker of this node (tests drain it to deliver what is due). */
  webhookQueue: WebhookQueue;
  /** This node's runner of the background jobs (tests run one now). */
  jobs: JobScheduler;
  demoSeeded: boolean;
  close(): Promise<void>;
}

export interface PortalOptions {
  /** Overrides the engine chosen from config (tests use an in-memory PGlite). */
  database?: DatabaseTarget;
  /** Another release's migrations (the upgrade tests); the committed ones otherwise. */
  migrationsFolder?: string;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Background job intervals other than the job table's, by job name (tests shorten them). */
  jobEveryMs?: Readonly<Record<string, number>>;
}

/** Opens the database, migrates, seeds demo data when allowed, and builds the app. */
export async function createPortal(config: Config, options: PortalOptions = {}): Promise<Portal> {
  const target =
    options.database ??
    (config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
      : { dataDir: config.dataDir });
  const database = await openDatabase(target, { migrationsFolder: options.migrationsFolder });
  // A node that may not migrate (another release still connected) leaves nothing open behind it.
  await database.migrate().catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const secrets = await loadSecrets(config);
  const logOptions =
    options.logger ??
    loggerOptions(config.LOG_LEVEL, config.NODE_ENV === 'development' && process.stdout.isTTY);
  // Fastify takes the destination as `stream` in its options, pino as a second argument: pass
  // it on, so service logs (mail, jobs) reach the same place as request logs (and tests see them).
  const log =
    typeof logOptions === 'object'
      ? pino(logOptions, (logOptions as { stream?: pino.DestinationStream }).stream)
      : pino({ level: config.LOG_LEVEL });
  const cipher = new DataCipher(secrets.masterKey);
  const now = options.now ?? (() => new Date());
  const mailQueue = createMailQueue({
    db: database.db,
    cipher,
    transport: createMailer(config, log, () => clinicIdentity(ctx)),
    log,
    now,
    preparers: {
      password_reset: (mail) => preparePasswordResetMail(ctx, mail),
      verify_email: (mail) => prepareVerificationMail(ctx, mail),
    },
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    cipher,
    secrets,
    mailer: mailQueue.mailer,
    log,
    liveness: new LivenessCache(),
    workers: createWorkerPool(config, log),
    now,
  };
  await snapshotEarlierHandIns(ctx);
  const demoSeeded = config.demo ? await seedDemo(ctx) : false;
  const app = await buildApp(ctx, { logger: logOptions, database });
  const listener = startLivenessListener(database, ctx.liveness, log);
  // After in-flight requests, before the pool: a graceful shutdown closes the LISTEN connection too.
  app.addHook('onClose', () => listener.close());
  app.addHook('onClose', () => mailQueue.close());
  const webhookQueue = createWebhookQueue(ctx);
  app.addHook('onClose', () => webhookQueue.close());
  app.addHook('onClose', () => ctx.workers.close());
  const jobs = createJobScheduler(ctx, database, JOBS, {
    everyMs: { purge: config.PURGE_INTERVAL_SECONDS * 1000, ...options.jobEveryMs },
  });
  app.addHook('onClose', () => jobs.close());
  mailQueue.start();
  webhookQueue.start();
  jobs.start();
  return {
    app,
    ctx,
    database,
    mailQueue,
    webhookQueue,
    jobs,
    demoSeeded,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
