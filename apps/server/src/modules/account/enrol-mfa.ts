import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { Codes, ProtocolError, USER_CONFLICTS, type MfaEnrolment, type MfaStatus } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { mfaFactors, mfaRecoveryCodes, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { loadSettings } from '../settings/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
  recoveryCodesLeft,
  releaseSlot,
  removeMfa,
  reserveAttempt,
  sealTotpSecret,
  settleFailure,
  unlessLockedMeanwhile,
  verifySecondFactor,
  WRONG_CODE,
} from '../auth/index.ts';

const wrongCode = () =>
  new ProtocolError(Codes.validation, WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);

async function userOf(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ProtocolError(Codes.sessionExpired);
  return user;
}

export async function mfaStatusOf(ctx: AppContext, userId: string): Promise<MfaStatus> {
  const user = await userOf(ctx, userId);
  const required = user.roles.includes('admin') && (await loadSettings(ctx)).require_mfa_for_admins;
  return {
    enabled: user.mfaEnabled,
    recovery_codes_left: user.mfaEnabled ? await recoveryCodesLeft(ctx.db, userId) : 0,
    required: required && !user.mfaEnabled,
  };
}

/**
 * A fresh secret, kept unconfirmed until a code proves the authenticator holds it; starting
 * again replaces it. The answer is sealed: it is the secret itself (the QR code carries it too).
 */
export async function startEnrolment(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
): Promise<MfaEnrolment> {
  const user = await userOf(ctx, userId);
  if (user.mfaEnabled) throw new ProtocolError(Codes.conflict, USER_CONFLICTS.notApplicable);
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(ctx, userId, secret);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(mfaFactors)
      .values({ userId, secret: sealed, createdAt: ctx.now() })
      .onConflictDoUpdate({
        target: mfaFactors.userId,
        set: { secret: sealed, confirmedAt: null, lastStep: null, createdAt: ctx.now() },
      });
    await recordAudit(tx, meta, { action: 'mfa.enrol_start', outcome: 'success', actorId: userId });
  });
  const { clinic_name } = await loadSettings(ctx);
  const uri = otpauthUri(secret, user.email, clinic_name);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_uri: uri,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The first right code turns MFA on and hands out the recovery codes, shown this once. */
export async function confirmEnrolment(
  ctx: AppContext,
  userId: string,
  code: string,
  meta: RequestMeta,
): Promise<{ recovery_codes: string[] }> {
  const codes = newRecoveryCodes();
  const confirmed = await ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ userId: mfaFactors.userId })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), isNull(mfaFactors.confirmedAt)))
      .for('update');
    if (!pending) return 'no_enrolment' as const;
    if (!(await verifySecondFactor(ctx, tx, userId, code, { confirmed: false })))
      return 'wrong_code' as const;
    await tx.update(mfaFactors).set({ confirmedAt: ctx.now() }).where(eq(mfaFactors.userId, userId));
    await tx.update(users).set({ mfaEnabled: true, updatedAt: ctx.now() }).where(eq(users.id, userId));
    await replaceRecoveryCodes(ctx, tx, userId, codes);
    await recordAudit(tx, meta, { action: 'mfa.enrol', outcome: 'success', actorId: userId });
    return 'confirmed' as const;
  });
  if (confirmed === 'no_enrolment') throw new ProtocolError(Codes.conflict, USER_CONFLICTS.notApplicable);
  if (confirmed === 'wrong_code') {
    await recordAudit(ctx.db, meta, {
      action: 'mfa.enrol',
      outcome: 'failure',
      actorId: userId,
      detail: { reason: 'wrong_code' },
    });
    throw wrongCode();
  }
  return { recovery_codes: codes };
}

/**
 * Turning MFA off takes the password or a current code (or recovery code), so a session left
 * open on a shared computer cannot weaken the account. Wrong answers count toward the lockout.
 */
export async function disableMfa(
  ctx: AppContext,
  userId: string,
  proof: { password?: string; code?: string },
  meta: RequestMeta,
): Promise<void> {
  const user = await userOf(ctx, userId);
  if (!user.mfaEnabled) throw new ProtocolError(Codes.conflict, USER_CONFLICTS.notApplicable);
  await reserveAttempt(ctx, userId, 'mfa.disable', meta);
  const judge = () =>
    ctx.db.transaction(async (tx) => {
      const proven =
        proof.code !== undefined
          ? (await verifySecondFactor(ctx, tx, userId, proof.code)) !== null
          : await verifyPassword(user.passwordHash, proof.password ?? '');
      if (!proven) return false;
      await releaseSlot(ctx, tx, userId);
      await removeMfa(tx, userId, ctx.now());
      await recordAudit(tx, meta, {
        action: 'mfa.disable',
        outcome: 'success',
        actorId: userId,
        detail: { proof: proof.code !== undefined ? 'code' : 'password' },
      });
      return true;
    });
  if (await unlessLockedMeanwhile(ctx, userId, 'mfa.disable', meta, judge)) return;
  await settleFailure(ctx, userId, meta);
  await recordAudit(ctx.db, meta, {
    action: 'mfa.disable',
    outcome: 'failure',
    actorId: userId,
    detail: { reason: proof.code !== undefined ? 'wrong_code' : 'wrong_password' },
  });
  if (proof.code !== undefined) throw wrongCode();
  const message = 'The password is incorrect';
  throw new ProtocolError(Codes.validation, message, [{ path: 'password', message }]);
}

async function replaceRecoveryCodes(ctx: AppContext, tx: Queryable, userId: string, codes: string[]) {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(ctx.secrets.masterKey, code),
      createdAt: ctx.now(),
    })),
  );
}
