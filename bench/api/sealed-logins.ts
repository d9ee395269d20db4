import { generateSalt, seal } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';

export interface SealedLogin {
  uid: string;
  salt: string;
  /** `{ email, password }` with the password sealed under `salt` (protocol.md §4). */
  body: string;
}

/** Sealing runs on WebCrypto's thread pool; this many at a time keeps it busy without a huge queue. */
const SEAL_CONCURRENCY = 64;

/**
 * Login bodies made before the run, since the server refuses a salt it has already seen for a
 * uid (protocol.md §3, 10015) and sealing while measuring would load the machine under test.
 * A few handshakes suffice: salts only need to be fresh per uid.
 */
export class SealedLoginPool {
  /** Logins asked for after the pool ran dry; each one repeated a salt. */
  exhausted = 0;
  readonly #logins: SealedLogin[];
  #next = 0;

  private constructor(logins: SealedLogin[]) {
    this.#logins = logins;
  }

  static async create(options: {
    portalUrl: string;
    credentials: { email: string; password: string };
    handshakes: number;
    size: number;
  }): Promise<SealedLoginPool> {
    const sessions = await Promise.all(
      Array.from({ length: options.handshakes }, async () => {
        const client = new PortalClient({ baseUrl: options.portalUrl });
        await client.handshake();
        if (client.uid === undefined || client.sharedSecret === undefined)
          throw new Error('Handshake failed');
        return { uid: client.uid, z: client.sharedSecret };
      }),
    );
    const sealOne = async (index: number): Promise<SealedLogin> => {
      const { uid, z } = sessions[index % sessions.length]!;
      const salt = generateSalt();
      const password = await seal(z, salt, 'c2s', options.credentials.password);
      return { uid, salt, body: JSON.stringify({ email: options.credentials.email, password }) };
    };
    const logins: SealedLogin[] = [];
    for (let start = 0; start < options.size; start += SEAL_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SEAL_CONCURRENCY, options.size - start) }, (_, i) =>
        sealOne(start + i),
      );
      logins.push(...(await Promise.all(batch)));
    }
    return new SealedLoginPool(logins);
  }

  /** The next unused login; once none is left the last one again, which the server refuses (10015). */
  next(): SealedLogin {
    if (this.#next >= this.#logins.length) {
      this.exhausted += 1;
      return this.#logins.at(-1)!;
    }
    return this.#logins[this.#next++]!;
  }
}
