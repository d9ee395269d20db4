import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { mfaFactors, mfaRecoveryCodes, users } from '../../db/schema/index.ts';
import { recoveryCodeHash } from './recovery-codes.ts';
import { matchingStep } from './totp.ts';

/** Binds a stored TOTP secret to its user, so a ciphertext cannot be moved to another account. */
const secretContext = (userId: string) => `mfa_factors:${userId}`;

export function sealTotpSecret(ctx: AppContext, userId: string, secret: string): Uint8Array {
  return ctx.cipher.encryptJson(secret, secretContext(userId));
}

export function openTotpSecret(ctx: AppContext, userId: string, sealed: Uint8Array): string {
  return ctx.cipher.decryptJson(sealed, secretContext(userId)) as string;
}

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a 6-digit code against the user's TOTP secret (`confirmed` picks the active factor or
 * the one being enrolled) or consumes a recovery code. A TOTP step is accepted once: the
 * conditional update refuses a step at or before the last one used (RFC 6238 §5.2).
 */
export async function verifySecondFactor(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  code: string,
  opts: { confirmed: boolean } = { confirmed: true },
): Promise<SecondFactor | null> {
  const normalised = code.trim().toLowerCase();
  if (/^\d{6}$/.test(normalised)) {
    const [factor] = await db
      .select()
      .from(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, userId),
          opts.confirmed ? isNotNull(mfaFactors.confirmedAt) : isNull(mfaFactors.confirmedAt),
        ),
      );
    if (!factor) return null;
    const step = matchingStep(openTotpSecret(ctx, userId, factor.secret), normalised, ctx.now());
    if (step === null) return null;
    const [accepted] = await db
      .update(mfaFactors)
      .set({ lastStep: step })
      .where(
        and(eq(mfaFactors.userId, userId), or(isNull(mfaFactors.lastStep), lt(mfaFactors.lastStep, step))),
      )
      .returning({ userId: mfaFactors.userId });
    return accepted ? 'totp' : null;
  }
  if (!opts.confirmed) return null;
  const [used] = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, recoveryCodeHash(ctx.secrets.masterKey, normalised)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return used ? 'recovery_code' : null;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Also the administrator's "reset MFA": the factor and its recovery codes go, the flag drops. */
export async function removeMfa(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.update(users).set({ mfaEnabled: false, updatedAt: now }).where(eq(users.id, userId));
}
