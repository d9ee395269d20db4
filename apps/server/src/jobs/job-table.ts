import { runDocumentJobs } from '../modules/documents/index.ts';
import { runBulkExports } from '../modules/fhir/index.ts';
import { remindResupplies, runOrderJobs } from '../modules/orders/index.ts';
import { hashDatesOfBirth } from '../modules/patient/index.ts';
import type { Job } from './job.ts';
import { purgeGrowingTables } from './purge-growing-tables.ts';

/**
 * Every background job of the portal. One node of the cluster runs each job per interval
 * (scheduler.ts). The mail outbox is not here: every node's queue polls it, because its rows are
 * claimed one by one with FOR UPDATE SKIP LOCKED and sending is work worth spreading
 * (modules/mail/mail-queue.ts, decision 0028).
 */
export const JOBS: readonly Job[] = [
  // Documents past their due time expire, and reminders go out, within a minute.
  { name: 'documents', everyMs: 60_000, run: (ctx) => runDocumentJobs(ctx) },
  // A device order's hold the patient cleared outside the portal's orders pages (a card added,
  // the BF-ADL answered, the form signed) clears within a minute, even if nobody reads the order;
  // a resupply that came round is reminded of within a minute of its eligibility.
  {
    name: 'orders',
    everyMs: 60_000,
    run: async (ctx) => {
      await runOrderJobs(ctx);
      await remindResupplies(ctx);
    },
  },
  // FHIR Bulk Data exports run here, off the request, one after another (decision 0039); a
  // client polls every few seconds, so a queued export starts within one such interval.
  { name: 'bulk-export', everyMs: 5_000, run: (ctx) => runBulkExports(ctx) },
  // Profiles an older release wrote get their date of birth's keyed hash (decision 0041); until
  // then the worklist's search opens them. Once all are hashed a run reads an empty index.
  { name: 'date-of-birth-hashes', everyMs: 60_000, run: (ctx) => hashDatesOfBirth(ctx, ctx.db) },
  // Retention (retention.ts): handshakes and their salts, sessions, links, events, audit rows.
  // PURGE_INTERVAL_SECONDS sets the interval (createPortal); this is its default.
  { name: 'purge', everyMs: 3_600_000, run: (ctx) => purgeGrowingTables(ctx) },
  {
    name: 'analyze',
    everyMs: 6 * 3_600_000,
    runsHere: (database) => database.analyze !== undefined,
    run: (_ctx, database) => database.analyze!(),
  },
];
