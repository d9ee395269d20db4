/** protocol.md §3 (spec): a salt is 16 letters, fresh for every message. */
export const SALT_LENGTH = 16;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 52 that fits in a byte: bytes at or above it are redrawn, so `% 52` has no bias. */
const UNBIASED_LIMIT = 256 - (256 % LETTERS.length);

export const SALT_PATTERN = new RegExp(`^[A-Za-z]{${SALT_LENGTH}}$`);

/** protocol.md §3: drawn uniformly from A–Z a–z with a CSPRNG. */
export function generateSalt(): string {
  let salt = '';
  while (salt.length < SALT_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(SALT_LENGTH))) {
      if (byte < UNBIASED_LIMIT && salt.length < SALT_LENGTH) salt += LETTERS[byte % LETTERS.length];
    }
  }
  return salt;
}

export function isValidSalt(salt: unknown): salt is string {
  return typeof salt === 'string' && SALT_PATTERN.test(salt);
}
