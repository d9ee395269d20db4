import { and, eq, gt, isNull } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { emailTokens } from '../../db/schema/index.ts';
import { randomToken, tokenHash } from '../../lib/random-token.ts';

export const EMAIL_TOKEN_TTL_SECONDS = {
  verify: 24 * 60 * 60,
  reset: 30 * 60, // protocol.md §7
  invite: 72 * 60 * 60,
} as const;
export type EmailTokenPurpose = keyof typeof EMAIL_TOKEN_TTL_SECONDS;

export async function issueEmailToken(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    tokenHash: tokenHash(token),
    userId,
    purpose,
    expiresAt: new Date(ctx.now().getTime() + EMAIL_TOKEN_TTL_SECONDS[purpose] * 1000),
  });
  return token;
}

/** Marks the link used and returns its user; one answer for unknown, used and expired links. */
export async function redeemEmailToken(
  ctx: AppContext,
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, ctx.now()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (!row) {
    throw new ProtocolError(Codes.validation, 'This link is invalid or has expired', [
      { path: 'token', message: 'This link is invalid or has expired' },
    ]);
  }
  return row.userId;
}
