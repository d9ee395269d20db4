import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { redeemEmailToken, type EmailTokenPurpose } from './email-token-queries.ts';
import { assertClinicPasswordPolicy } from './password-rules.ts';

/**
 * The part that a password set from an e-mailed link (a reset, an invitation) shares. The
 * password is checked and hashed before the transaction: a refused one leaves the link unspent,
 * and the slow hash holds no lock. The link is spent in the transaction that `write` saves the
 * password in, so a failed write leaves it usable.
 */
export async function setPasswordByLink(
  ctx: AppContext,
  link: { token: string; purpose: Extract<EmailTokenPurpose, 'reset' | 'invite'> },
  newPassword: string,
  write: (tx: Transaction, userId: string, passwordHash: string) => Promise<void>,
): Promise<void> {
  await assertClinicPasswordPolicy(ctx, newPassword, 'new_password');
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const userId = await redeemEmailToken(ctx, tx, link.token, link.purpose);
    await write(tx, userId, passwordHash);
  });
}
