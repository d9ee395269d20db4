import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';

const CIPHER_CONTEXT = 'webhook_endpoints.secret';
/** How long the secret before a rotation keeps signing, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** A new signing secret as Standard Webhooks writes it: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export const sealSecret = (ctx: Pick<AppContext, 'cipher'>, secret: string): Uint8Array =>
  ctx.cipher.encrypt(Buffer.from(secret, 'utf8'), CIPHER_CONTEXT);

export const openSecret = (ctx: Pick<AppContext, 'cipher'>, sealed: Uint8Array): string =>
  ctx.cipher.decrypt(sealed, CIPHER_CONTEXT).toString('utf8');
