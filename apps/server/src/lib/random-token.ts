import { createHash, randomBytes } from 'node:crypto';

/** 256 bits, URL-safe: refresh tokens, e-mail links, handshake uids. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only a token's hash is stored, so a database leak yields no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
