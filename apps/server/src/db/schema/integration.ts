import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, bytea, createdAt } from './columns.ts';
import { users } from './core.ts';

/**
 * A system the clinic lets read through the FHIR API (SMART Backend Services). It proves who it
 * is with a JWT signed by a private key whose public half is in `jwks`; `scopes` are the most it
 * may ever be granted. A revoked client keeps its row so audit rows still name it.
 */
export const fhirClients = pgTable(
  'fhir_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
    scopes: text('scopes').array().notNull(),
    /** Null when registered from the command line. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: at('revoked_at'),
  },
  (t) => [check('fhir_clients_name_check', sql`length(${t.name}) between 1 and 120`)],
);

/** Each client assertion's `jti`, kept until the assertion expires so none is accepted twice. */
export const fhirAssertions = pgTable(
  'fhir_assertions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] }), index('fhir_assertions_expires_idx').on(t.expiresAt)],
);

/** Access tokens, stored as their SHA-256 only: a copy of this table grants nothing. */
export const fhirAccessTokens = pgTable(
  'fhir_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClients.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('fhir_access_tokens_expires_idx').on(t.expiresAt)],
);

export type BulkExportStatus = 'queued' | 'running' | 'complete' | 'failed' | 'cancelled';

/** A Bulk Data `$export` request: kicked off by one client, served to that client only. */
export const bulkExports = pgTable(
  'bulk_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClients.id, { onDelete: 'cascade' }),
    /** The kick-off URL as the client sent it; the completion manifest repeats it. */
    request: text('request').notNull(),
    /** Null for every patient (Patient/$export); the group's id for Group/{id}/$export. */
    groupId: text('group_id'),
    since: at('since'),
    types: text('types').array().notNull(),
    status: text('status').$type<BulkExportStatus>().notNull().default('queued'),
    /** Resources written so far, for X-Progress. */
    progress: integer('progress').notNull().default(0),
    transactionTime: at('transaction_time'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
    /** Files and status go 24 hours after the request (the purge deletes the row and its files). */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('bulk_exports_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('bulk_exports_expires_idx').on(t.expiresAt),
  ],
);

/** One ndjson file of an export, sealed with the data key: it is PHI at rest. */
export const bulkExportFiles = pgTable(
  'bulk_export_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exportId: uuid('export_id')
      .notNull()
      .references(() => bulkExports.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    count: integer('count').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('bulk_export_files_export_idx').on(t.exportId)],
);

/** An https endpoint the clinic subscribed to events (Standard Webhooks). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  /** `whsec_…` sealed with the data key. */
  secret: bytea('secret').notNull(),
  /** After a rotation the old secret signs too until this time, so receivers can switch over. */
  previousSecret: bytea('previous_secret'),
  previousSecretUntil: at('previous_secret_until'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  disabledAt: at('disabled_at'),
});

export type WebhookMessageStatus = 'pending' | 'delivered' | 'dead';

/**
 * The durable delivery queue and its log: one row per event per endpoint. The payload holds ids
 * and the event, never PHI. Retried with backoff until `deadAfter`, then dead-lettered.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    /** The `webhook-id` header: the same on every retry and on a re-send. */
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookMessageStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    deadAfter: at('dead_after').notNull(),
    lastAttemptAt: at('last_attempt_at'),
    /** The receiver's HTTP status, or null when it could not be reached. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
