import { sql } from 'drizzle-orm';
import type { UserStatus } from '@portal/protocol';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { at, bytea, createdAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    locale: text('locale').notNull().default('gb'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{user}'`),
    auths: text('auths')
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    emailVerifiedAt: at('email_verified_at'),
    failedLogins: integer('failed_logins').notNull().default(0),
    failedWindowStartedAt: at('failed_window_started_at'),
    lockedUntil: at('locked_until'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** Staff who opted in to an e-mail when a patient declines a document. */
    notifyDocumentDeclines: boolean('notify_document_declines').notNull().default(false),
    /** The clinic lets this patient's caregivers sign as authorised representative (decision 0023). */
    representativeSigningAllowed: boolean('representative_signing_allowed').notNull().default(false),
    /**
     * Whether the clinic treats this account (intake, BF-ADL, documents, worklist): false for an
     * account that joined only to help someone (decision 0032).
     */
    isPatient: boolean('is_patient').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Who is an administrator (the clinic inbox's listeners): patients outnumber them by far.
    index('users_roles_idx').using('gin', t.roles),
    // The few accounts that are not patients (staff, caregiver-only): the worklist's conversations
    // leave them out by this index instead of reading every patient.
    index('users_not_patient_idx')
      .on(t.id)
      .where(sql`not is_patient`),
  ],
);

/** protocol.md §2: handshake sessions live in the database so any node serves any uid. */
export const handshakes = pgTable('handshakes', {
  uid: text('uid').primaryKey(),
  sharedSecret: bytea('shared_secret_enc').notNull(),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at').notNull().defaultNow(),
  revokedAt: at('revoked_at'),
});

/** protocol.md §3: a client salt is accepted once per uid. */
export const usedSalts = pgTable(
  'used_salts',
  {
    uid: text('uid')
      .notNull()
      .references(() => handshakes.uid, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.salt] })],
);

/** A signed-in session: one refresh-token family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are opaque; only their SHA-256 is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use links sent by e-mail (verification, password reset, invitation). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Per-user event queue polled every 10 s (spec §4). */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    index('events_pending_idx')
      .on(t.userId, t.id)
      .where(sql`consumed_at is null`),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE). No PHI in `detail`. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    subjectId: uuid('subject_id'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** Set when a caregiver acted for the subject (decision 0023): the grant they acted under. */
    grantId: uuid('grant_id'),
  },
  (t) => [
    index('audit_subject_at_idx').on(t.subjectId, t.at),
    index('audit_at_idx').on(t.at),
    // Decision 0043: the viewer's action filter walks one action at a time, newest first.
    index('audit_action_at_idx').on(t.action, t.at, t.id),
  ],
);

/** Fixed-window counters for rate limits, shared by every node. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Patient-owned clinical resources, encrypted at rest (AES-256-GCM). */
export const patientResources = pgTable(
  'patient_resources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: integer('version').notNull().default(1),
    data: bytea('data_enc').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /**
     * On a profile: the date of birth's keyed hash (decision 0041), so a search by date opens no
     * profile. Valid only while `dateOfBirthHashVersion` equals `version`: a profile saved by a
     * node that does not know the column moves `version` on and is opened until re-hashed.
     */
    dateOfBirthHash: text('date_of_birth_hash'),
    dateOfBirthHashVersion: integer('date_of_birth_hash_version'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    index('patient_resources_date_of_birth_hash_idx')
      .on(t.dateOfBirthHash)
      .where(sql`kind = 'profile'`),
    // The profiles still to hash: empty once the backfill has run, so finding them costs nothing.
    index('patient_resources_date_of_birth_unhashed_idx')
      .on(t.userId)
      .where(sql`kind = 'profile' and date_of_birth_hash_version is distinct from version`),
  ],
);

/** Clinic settings editable by administrators; read by every node on each request. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
