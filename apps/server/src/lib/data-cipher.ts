import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for data at rest (architecture.md "PHI at rest"). The data key is derived
 * from the master key so the master key itself never encrypts data. Stored layout:
 * version (1 byte) | nonce (12) | ciphertext | tag (16). `context` binds a value to its
 * row (e.g. user id + resource kind) so ciphertexts cannot be swapped between rows.
 */
export class DataCipher {
  private readonly key: Buffer;
  private readonly hashKeys = new Map<string, Buffer>();

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'portal data-at-rest v1', 32));
  }

  /**
   * HMAC-SHA-256 of `value` under a key derived from the data key for `purpose` (the HKDF info
   * label), hex: equal values give equal hashes, so a column of them can be searched by equality.
   * The key never leaves this object, so a copy of the database cannot recompute a hash, even of
   * a value with few possibilities such as a date of birth (decision 0041).
   */
  keyedHash(purpose: string, value: string): string {
    let key = this.hashKeys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), purpose, 32));
      this.hashKeys.set(purpose, key);
    }
    return createHmac('sha256', key).update(value, 'utf8').digest('hex');
  }

  encrypt(plaintext: Uint8Array, context: string): Uint8Array {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT_VERSION), nonce, body, cipher.getAuthTag()]);
  }

  decrypt(stored: Uint8Array, context: string): Buffer {
    const data = Buffer.from(stored);
    if (data[0] !== FORMAT_VERSION || data.length < 1 + NONCE_BYTES + TAG_BYTES) {
      throw new Error('Unreadable encrypted value');
    }
    const nonce = data.subarray(1, 1 + NONCE_BYTES);
    const tag = data.subarray(data.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(data.subarray(1 + NONCE_BYTES, data.length - TAG_BYTES)),
      decipher.final(),
    ]);
  }

  encryptJson(value: unknown, context: string): Uint8Array {
    return this.encrypt(Buffer.from(JSON.stringify(value), 'utf8'), context);
  }

  decryptJson(stored: Uint8Array, context: string): unknown {
    return JSON.parse(this.decrypt(stored, context).toString('utf8'));
  }
}
