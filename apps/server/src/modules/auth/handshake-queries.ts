import { and, eq, isNull } from 'drizzle-orm';
import { Codes, deriveSharedSecret, generateKeyPair, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { handshakes, usedSalts } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/random-token.ts';

const context = (uid: string) => `handshake:${uid}`;
/**
 * Touching last_used_at on every request would be a write per request; a tenth of the lifetime,
 * at most an hour, is precision enough (an hour for the default 24 hours). A touch interval
 * longer than a short HANDSHAKE_TTL_SECONDS would end handshakes in use as if idle.
 */
const touchAfterMs = (ctx: AppContext) =>
  Math.min(60 * 60 * 1000, (ctx.config.HANDSHAKE_TTL_SECONDS * 1000) / 10);

/** protocol.md §2: a fresh server key pair per handshake; Z is kept, encrypted, in the database. */
export async function createHandshake(ctx: AppContext, clientPublicKeyHex: string) {
  const server = await generateKeyPair();
  // deriveSharedSecret validates the client's point first (invalid-curve attacks).
  const z = await deriveSharedSecret(server.privateKey, clientPublicKeyHex);
  const uid = randomToken(24);
  const now = ctx.now();
  await ctx.db
    .insert(handshakes)
    .values({ uid, sharedSecret: encryptSharedSecret(ctx, uid, z), createdAt: now, lastUsedAt: now });
  return { key: server.publicKeyHex, uid };
}

/** The shared secret of a live handshake, or 10014 so the client handshakes again. */
export async function loadSharedSecret(ctx: AppContext, uid: string | undefined): Promise<Uint8Array> {
  if (!isPlausibleUid(uid)) throw new ProtocolError(Codes.unknownHandshake);
  const [row] = await ctx.db.select().from(handshakes).where(eq(handshakes.uid, uid)).limit(1);
  const touch = judgeHandshake(ctx, row);
  if (touch) await touchHandshake(ctx, uid);
  return decryptSharedSecret(ctx, uid, row!.sharedSecret);
}

export function isPlausibleUid(uid: unknown): uid is string {
  return typeof uid === 'string' && uid.length > 0 && uid.length <= 64;
}

/**
 * 10014 unless the handshake is live; true when its last use should be written down.
 * Shared with the auth hook, which reads the handshake in its own statement.
 */
export function judgeHandshake(
  ctx: AppContext,
  row: { lastUsedAt: Date | null; revokedAt: Date | null } | undefined,
): boolean {
  const idleSince = row?.lastUsedAt ? ctx.now().getTime() - row.lastUsedAt.getTime() : Infinity;
  if (!row || row.revokedAt || idleSince > ctx.config.HANDSHAKE_TTL_SECONDS * 1000) {
    throw new ProtocolError(Codes.unknownHandshake);
  }
  return idleSince > touchAfterMs(ctx);
}

export async function touchHandshake(ctx: AppContext, uid: string): Promise<void> {
  await ctx.db.update(handshakes).set({ lastUsedAt: ctx.now() }).where(eq(handshakes.uid, uid));
}

/** Z at rest: encrypted under the master key's data key, bound to its uid. */
export function encryptSharedSecret(ctx: Pick<AppContext, 'cipher'>, uid: string, z: Uint8Array): Uint8Array {
  return ctx.cipher.encrypt(z, context(uid));
}

export function decryptSharedSecret(
  ctx: Pick<AppContext, 'cipher'>,
  uid: string,
  sealed: Uint8Array,
): Uint8Array {
  return ctx.cipher.decrypt(sealed, context(uid));
}

/** protocol.md §3: one key per message, so a salt may be used once per uid (10015). */
export async function consumeSalt(ctx: AppContext, uid: string, salt: string): Promise<void> {
  const inserted = await ctx.db
    .insert(usedSalts)
    .values({ uid, salt })
    .onConflictDoNothing()
    .returning({ salt: usedSalts.salt });
  if (inserted.length === 0) throw new ProtocolError(Codes.saltReused);
}

export async function revokeHandshake(ctx: AppContext, uid: string): Promise<void> {
  await ctx.db
    .update(handshakes)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(handshakes.uid, uid), isNull(handshakes.revokedAt)));
  ctx.liveness.forgetHandshake(uid);
}
