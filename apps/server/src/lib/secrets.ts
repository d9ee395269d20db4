import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface Secrets {
  masterKey: Buffer;
  jwtSecret: Uint8Array;
  /** The signing secret being retired (JWT_SECRET_PREVIOUS): verifies, never signs. */
  jwtPreviousSecret?: Uint8Array;
}

interface StoredSecrets {
  masterKey: string;
  jwtSecret: string;
}

/**
 * Production must be given its keys; elsewhere they are generated once into the data
 * directory (mode 0600) so a restart keeps sessions and encrypted records readable.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.PORTAL_MASTER_KEY && config.JWT_SECRET)
    return secretsFromValues(config.PORTAL_MASTER_KEY, config.JWT_SECRET, config.JWT_SECRET_PREVIOUS);
  if (config.production) {
    throw new Error('PORTAL_MASTER_KEY and JWT_SECRET are required in production');
  }
  const file = generatedSecretsFile(config);
  let stored: StoredSecrets;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch {
    stored = { masterKey: randomBytes(32).toString('hex'), jwtSecret: randomBytes(48).toString('base64url') };
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' }).catch(async () => {
      stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
    });
  }
  return secretsFromValues(
    config.PORTAL_MASTER_KEY ?? stored.masterKey,
    config.JWT_SECRET ?? stored.jwtSecret,
    config.JWT_SECRET_PREVIOUS,
  );
}

/** Where a generated master key lives (outside production); rotate-keys rewrites it there. */
export const generatedSecretsFile = (config: Config) => path.join(config.dataDir, 'secrets.json');

/** The keys as the configuration spells them: the master key in hex, JWT secrets as text. */
export function secretsFromValues(masterKeyHex: string, jwtSecret: string, previous?: string): Secrets {
  const encode = (s: string) => new TextEncoder().encode(s);
  return {
    masterKey: Buffer.from(masterKeyHex, 'hex'),
    jwtSecret: encode(jwtSecret),
    ...(previous ? { jwtPreviousSecret: encode(previous) } : {}),
  };
}
