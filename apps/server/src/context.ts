import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DataCipher } from './lib/data-cipher.ts';
import type { Secrets } from './lib/secrets.ts';
import type { WorkerPool } from './lib/worker-pool/worker-pool.ts';
import type { LivenessCache } from './modules/auth/index.ts';
import type { Mailer } from './modules/mail/index.ts';

/** What services need, passed explicitly: services never see HTTP. */
export interface AppContext {
  config: Config;
  db: Database;
  cipher: DataCipher;
  secrets: Secrets;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** This node's cache of the event poll's session checks (decision 0008). */
  liveness: LivenessCache;
  /** Threads for CPU-heavy work (PDF parsing and signing), so none of it runs on the event loop. */
  workers: WorkerPool;
  /** The clock; tests move it to simulate expiry. */
  now(): Date;
}

/** A caregiver acting for a patient under a grant (decision 0023). */
export interface OnBehalf {
  caregiverId: string;
  patientId: string;
  grantId: string;
}

/** Where a request came from, for audit rows. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** Set when a caregiver acts for the patient: every audit row of the request names both and the grant. */
  onBehalf?: OnBehalf;
}
