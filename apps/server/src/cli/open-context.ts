import pino from 'pino';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { DataCipher } from '../lib/data-cipher.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createWorkerPool } from '../lib/worker-pool/worker-pool.ts';
import { clinicIdentity } from '../modules/settings/index.ts';
import { LivenessCache } from '../modules/auth/index.ts';
import { createMailer } from '../modules/mail/index.ts';

/** The services a command-line task needs, on the database the server would use. */
export async function openCliContext(): Promise<{ ctx: AppContext; database: DatabaseHandle }> {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir },
  );
  await database.migrate();
  const secrets = await loadSecrets(config);
  const log = pino({ level: 'warn' });
  const ctx: AppContext = {
    config,
    db: database.db,
    cipher: new DataCipher(secrets.masterKey),
    secrets,
    mailer: createMailer(config, log, () => clinicIdentity(ctx)),
    log,
    // Never listening, so never used: a command's writes reach the servers through the triggers.
    liveness: new LivenessCache(),
    // No command parses or signs a PDF today; the pool starts no thread until one does.
    workers: createWorkerPool(config, log),
    now: () => new Date(),
  };
  return { ctx, database };
}
