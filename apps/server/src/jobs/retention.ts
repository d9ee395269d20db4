import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { settingsValues } from '@portal/protocol';
import type { Config } from '../config.ts';
import {
  auditLog,
  bulkExportFiles,
  bulkExports,
  emailTokens,
  events,
  fhirAccessTokens,
  fhirAssertions,
  handshakes,
  mfaChallenges,
  rateLimits,
  refreshTokens,
  sessions,
  usedSalts,
  webhookMessages,
  worklistAssignees,
} from '../db/schema/index.ts';
import { staleWorklistAssignments } from '../modules/clinic/index.ts';
import { expiredBulkExports, filesOfExpiredBulkExports } from '../modules/fhir/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The longest session the clinic's settings allow (session_timeout_minutes). */
const LONGEST_SESSION_MS = (settingsValues.shape.session_timeout_minutes.maxValue ?? 0) * MINUTE;
/** Ended sessions stay this long for the account's and the clinic's questions; the audit log keeps logins longer. */
const ENDED_SESSION_KEPT_MS = 30 * DAY;

/**
 * What may be deleted from one table that grows with traffic, and when. Listed in the order the
 * purge runs: rows another table's rows cascade to go first, in bounded batches of their own,
 * so no one statement deletes an unbounded number of cascaded rows. docs/operations.md lists
 * every table, including those kept.
 */
export interface Retention {
  table: PgTable;
  /** The rows to delete at `now`, as a condition on the table's own columns. */
  expired(config: Config, now: Date): SQL;
  /** A statement run in each batch's transaction before the delete (the audit log's permission). */
  permit?(config: Config, now: Date): SQL;
}

const ago = (now: Date, ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;

/** protocol.md §2: a handshake unused for its lifetime (or revoked at logout) is refused with 10014. */
const handshakeOver = (config: Config, now: Date) =>
  sql`(last_used_at < ${ago(now, config.HANDSHAKE_TTL_SECONDS * 1000)} or revoked_at is not null)`;

/**
 * A session ended when it was revoked, its refresh token expired, or the longest session the
 * settings allow has passed since it began.
 */
const sessionEndedBefore = (cutoff: SQL) =>
  sql`(revoked_at < ${cutoff} or expires_at < ${cutoff} or created_at < ${cutoff} - ${`${LONGEST_SESSION_MS} milliseconds`}::interval)`;

const auditCutoff = (config: Config, now: Date) => ago(now, config.AUDIT_RETENTION_DAYS * DAY);

export const RETENTIONS: readonly Retention[] = [
  // protocol.md §3: salts are kept until their uid expires.
  {
    table: usedSalts,
    expired: (config, now) => sql`uid in (select uid from handshakes where ${handshakeOver(config, now)})`,
  },
  { table: handshakes, expired: handshakeOver },
  // A refresh token of a session that ended is refused like an unknown one.
  {
    table: refreshTokens,
    expired: (_config, now) =>
      sql`session_id in (select id from sessions where ${sessionEndedBefore(ago(now, ENDED_SESSION_KEPT_MS))})`,
  },
  // Each user's newest session stays: it is their last login on the users page.
  {
    table: sessions,
    expired: (_config, now) =>
      sql`${sessionEndedBefore(ago(now, ENDED_SESSION_KEPT_MS))} and exists (
        select 1 from sessions newer
        where newer.user_id = sessions.user_id and newer.created_at > sessions.created_at)`,
  },
  // One answer for unknown, used and expired links (redeemEmailToken): past expiry a row is nothing.
  { table: emailTokens, expired: (_config, now) => sql`expires_at < ${ago(now, 0)}` },
  { table: mfaChallenges, expired: (_config, now) => sql`expires_at < ${ago(now, 0)}` },
  // A consumed event has been answered; one nobody polled for a month has no session left to tell.
  {
    table: events,
    expired: (_config, now) => sql`(consumed_at < ${ago(now, DAY)} or created_at < ${ago(now, 30 * DAY)})`,
  },
  // An item taken on the worklist is done once it leaves its queue.
  { table: worklistAssignees, expired: (_config, now) => staleWorklistAssignments(now) },
  // Issue 37: a Bulk Data export and its files are removed 24 hours after the kick-off.
  { table: bulkExportFiles, expired: (_config, now) => filesOfExpiredBulkExports(now) },
  { table: bulkExports, expired: (_config, now) => expiredBulkExports(now) },
  // A delivered or dead webhook message stays a month in the delivery log (decision 0038).
  {
    table: webhookMessages,
    expired: (_config, now) =>
      sql`((status = 'delivered' and delivered_at < ${ago(now, 30 * DAY)}) or (status = 'dead' and dead_after < ${ago(now, 30 * DAY)}))`,
  },
  // Decision 0037: a used jti is kept only while its assertion could still be presented, and an
  // expired access token grants nothing.
  { table: fhirAssertions, expired: (_config, now) => sql`expires_at < ${ago(now, 0)}` },
  { table: fhirAccessTokens, expired: (_config, now) => sql`expires_at < ${ago(now, 0)}` },
  // Every rate-limit window is a minute long; an hour-old counter counts nothing.
  { table: rateLimits, expired: (_config, now) => sql`window_start < ${ago(now, HOUR)}` },
  // HIPAA §164.316(b)(2): six years by default (AUDIT_RETENTION_DAYS). The append-only trigger
  // lets a delete through only for rows older than the cutoff this transaction names.
  {
    table: auditLog,
    expired: (config, now) => sql`at < ${auditCutoff(config, now)}`,
    permit: (config, now) =>
      sql`select set_config('portal.audit_purge_before', ${new Date(now.getTime() - config.AUDIT_RETENTION_DAYS * DAY).toISOString()}, true)`,
  },
];
