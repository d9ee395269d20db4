/** protocol.md §3 (spec): a salt is 16 letters, fresh for every message. */
export const SALT_LENGTH = 16;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 52 that fits in a byte: bytes at or above it are redrawn, so `% 52` has no bias. */
const UNBIASED_LIMIT = 256 - (256 % LETTERS.length);

export const SALT_PATTERN = new RegExp(`^[A-Za-z]{${SALT_LENGTH}}$`);

/**
 * Random bytes are drawn from the CSPRNG a pool at a time, as Node draws randomUUID's: one call
 * costs far more than its bytes (on the server, a call for each sealed answer's 16 bytes was
 * 1.3 % of a sealed read's CPU samples). A salt is public and only has to be unpredictable and
 * fresh; each byte of the pool is used once.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

function randomByte(): number {
  if (used === pool.length) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  return pool[used++]!;
}

/** protocol.md §3: drawn uniformly from A–Z a–z with a CSPRNG. */
export function generateSalt(): string {
  let salt = '';
  while (salt.length < SALT_LENGTH) {
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) salt += LETTERS[byte % LETTERS.length];
  }
  return salt;
}

export function isValidSalt(salt: unknown): salt is string {
  return typeof salt === 'string' && SALT_PATTERN.test(salt);
}
