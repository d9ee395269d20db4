import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

import { at, bytea, createdAt } from './columns.ts';
import { users } from './core.ts';

/**
 * A user's TOTP secret, encrypted at rest (decision 0003) and bound to its user. Unconfirmed
 * until the first code proves the authenticator holds it; `last_step` is the newest time step
 * accepted, so a code cannot be replayed within its window (RFC 6238 §5.2).
 */
export const mfaFactors = pgTable('mfa_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: bytea('secret_enc').notNull(),
  confirmedAt: at('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes; only a keyed hash is stored. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The second step of a login (protocol.md §5): short-lived, single-use, bound to the handshake uid. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);
