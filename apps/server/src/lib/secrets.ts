import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface Secrets {
  masterKey: Buffer;
  jwtSecret: Uint8Array;
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
    return fromValues(config.PORTAL_MASTER_KEY, config.JWT_SECRET);
  if (config.production) {
    throw new Error('PORTAL_MASTER_KEY and JWT_SECRET are required in production');
  }
  const file = path.join(config.dataDir, 'secrets.json');
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
  return fromValues(config.PORTAL_MASTER_KEY ?? stored.masterKey, config.JWT_SECRET ?? stored.jwtSecret);
}

function fromValues(masterKeyHex: string, jwtSecret: string): Secrets {
  return { masterKey: Buffer.from(masterKeyHex, 'hex'), jwtSecret: new TextEncoder().encode(jwtSecret) };
}
