import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/protocol';

// No 0/o, 1/l/i: the codes are read off paper. 31 letters, 10 places: about 49 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
}

const keys = new WeakMap<Buffer, Buffer>();

/**
 * Keyed (HMAC-SHA-256 under a key derived from the master key) rather than a bare hash: a
 * copy of the database alone does not let anyone search the codes' ~49 bits offline.
 */
export function recoveryCodeHash(masterKey: Buffer, code: string): string {
  let key = keys.get(masterKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'portal mfa recovery codes v1', 32));
    keys.set(masterKey, key);
  }
  return createHmac('sha256', key).update(code.trim().toLowerCase()).digest('hex');
}
