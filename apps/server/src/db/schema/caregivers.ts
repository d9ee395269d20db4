import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuthorityKind, CaregiverScope, GrantSource } from '@portal/protocol';
import { at, bytea, createdAt } from './columns.ts';
import { users } from './core.ts';
import { documentFiles } from './documents.ts';

/** What the row holds; `expired` is never stored: it is read from `ends_on` and the invitation's expiry. */
export type StoredGrantStatus = 'invited' | 'active' | 'declined' | 'revoked';

/**
 * Decision 0023: a patient (or staff on the chart) lets a caregiver act for them. Who was invited
 * and as what (`details_enc`: e-mail, relationship, the authority's file name) says something
 * about the patient, so it is sealed and bound to the row; what the auth plugin judges on every
 * request (ids, scopes, status, `ends_on`) stays plain.
 */
export const caregiverGrants = pgTable(
  'caregiver_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invitee's account, once they accepted. */
    caregiverId: uuid('caregiver_id').references(() => users.id, { onDelete: 'cascade' }),
    details: bytea('details_enc').notNull(),
    scopes: text('scopes').array().$type<CaregiverScope[]>().notNull(),
    /** The last day the grant holds (UTC). */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: text('status').$type<StoredGrantStatus>().notNull(),
    source: text('source').$type<GrantSource>().notNull(),
    /** SHA-256 of the single-use link's token; cleared once answered. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: at('invite_expires_at'),
    authorityKind: text('authority_kind').$type<AuthorityKind>(),
    /** The authority document, encrypted like every stored PDF. */
    authorityFileId: uuid('authority_file_id').references(() => documentFiles.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('caregiver_grants_patient_idx').on(t.patientId, t.createdAt),
    // The auth plugin's lookup on every request that acts for someone.
    index('caregiver_grants_live_idx')
      .on(t.caregiverId, t.patientId)
      .where(sql`status = 'active'`),
    uniqueIndex('caregiver_grants_invite_key')
      .on(t.inviteTokenHash)
      .where(sql`invite_token_hash is not null`),
  ],
);
