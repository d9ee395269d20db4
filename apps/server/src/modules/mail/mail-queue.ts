import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { DataCipher } from '../../lib/data-cipher.ts';
import type { MailTemplate } from './templates.ts';
import type { Mailer, MailRequest } from './mailer.ts';

const CIPHER_CONTEXT = 'mail_outbox';
/** How long a claimed message stays hidden from other workers: a crash mid-send only delays it. */
const LEASE_MS = 5 * 60_000;
/**
 * The worker's cadence. Not woken by the request that queued a message: the work of sending
 * (for a reset, looking the account up and issuing the link) would then run beside that
 * request's answer or the caller's next request, and time it by whether the address has an
 * account. On a fixed beat it tells nothing about any one request; mail waits at most this long.
 */
const POLL_MS = 2_000;
const BATCH = 20;
/** After this many failed sends (about a day with the back-off below) the message is dropped and logged. */
const MAX_ATTEMPTS = 12;
const retryDelayMs = (attempts: number) => Math.min(2 ** attempts * 30_000, 3 * 60 * 60_000);

/**
 * Completes a queued mail when it is sent rather than when it was asked for: password-reset
 * requests are queued by address alone, so the request does the same work whether or not the
 * address has an account. null drops the message.
 */
export type MailPreparer = (mail: MailRequest) => Promise<MailRequest | null>;

interface QueueOptions {
  db: Database;
  cipher: DataCipher;
  /** Sends one finished message now (SMTP or the file outbox). */
  transport: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  preparers?: Partial<Record<MailTemplate, MailPreparer>>;
}

export interface MailQueue {
  /** `send` adds a row (inside the caller's transaction when given one); a worker sends it within POLL_MS. */
  mailer: Mailer;
  /** Sends everything due now, and waits for it. */
  drain(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claims up to BATCH due messages: hidden from other workers for LEASE_MS, one attempt counted. */
function claimDue(db: Database, at: Date) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(lte(mailOutbox.notBefore, at))
    .orderBy(asc(mailOutbox.notBefore))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      notBefore: new Date(at.getTime() + LEASE_MS),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Completes and sends one claimed message, then removes it; a failed send is retried or dropped. */
async function deliver(options: QueueOptions, row: OutboxRow) {
  const { db, cipher, transport, preparers = {} } = options;
  const queued = cipher.decryptJson(row.message, CIPHER_CONTEXT) as MailRequest;
  try {
    const prepare = preparers[queued.template];
    const mail = prepare ? await prepare(queued) : queued;
    if (mail) await transport.send(mail);
    await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
  } catch (error) {
    await retryOrDrop(options, row, queued.template, error);
  }
}

/** A failed send waits out a growing back-off, until MAX_ATTEMPTS drops the message with a log line. */
async function retryOrDrop(
  { db, log, now }: QueueOptions,
  row: OutboxRow,
  template: MailTemplate,
  error: unknown,
) {
  if (row.attempts >= MAX_ATTEMPTS) {
    log.error({ template, attempts: row.attempts, err: String(error) }, 'mail dropped after retries');
    await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
    return;
  }
  log.warn({ template, attempts: row.attempts, err: String(error) }, 'mail send failed; will retry');
  await db
    .update(mailOutbox)
    .set({ notBefore: new Date(now().getTime() + retryDelayMs(row.attempts)) })
    .where(eq(mailOutbox.id, row.id));
}

/**
 * The outbox (mail_outbox): requests answer without waiting for mail, and a message queued in a
 * transaction is sent only if the transaction commits. Every node's worker polls on a fixed beat
 * and may send any message;
 * a row is claimed with FOR UPDATE SKIP LOCKED and a lease, so two nodes never send it twice
 * while both are alive.
 */
export function createMailQueue(options: QueueOptions): MailQueue {
  const { db, cipher, log, now } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function runOnce() {
    for (let batch = await claimDue(db, now()); batch.length > 0; batch = await claimDue(db, now())) {
      for (const row of batch) await deliver(options, row);
    }
  }

  /** One drain at a time per node; a wake-up during a drain runs another pass after it. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again && !closed);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const wake = () => {
    if (closed) return;
    drain().catch((error: unknown) => log.error({ err: String(error) }, 'mail queue pass failed'));
  };

  return {
    mailer: {
      async send(mail: MailRequest, into: Queryable = db) {
        await into.insert(mailOutbox).values({
          message: cipher.encryptJson(mail, CIPHER_CONTEXT),
          notBefore: now(),
        });
      },
    },
    drain,
    start() {
      timer = setInterval(wake, POLL_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
