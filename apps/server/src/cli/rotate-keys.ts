// `npm run rotate-keys`: re-encrypt everything at rest from PORTAL_MASTER_KEY (the key in use)
// to PORTAL_MASTER_KEY_NEW, in one transaction. Stop every node first: a node still running
// on the old key would fail to read what has moved and write what the new key cannot read.
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { rotateMasterKey } from '../lib/key-rotation.ts';
import { generatedSecretsFile, loadSecrets } from '../lib/secrets.ts';
import { openOrExit } from './data-dir-in-use.ts';

const config = loadConfig();
const newKeyHex = process.env.PORTAL_MASTER_KEY_NEW ?? '';
if (!/^[0-9a-fA-F]{64}$/.test(newKeyHex)) {
  console.error(
    'PORTAL_MASTER_KEY_NEW must be the new key, 64 hex characters (e.g. from `openssl rand -hex 32`); PORTAL_MASTER_KEY stays the key in use until this has run.',
  );
  process.exit(2);
}
const secrets = await loadSecrets(config);
const newKey = Buffer.from(newKeyHex, 'hex');
if (newKey.equals(secrets.masterKey)) {
  console.error('PORTAL_MASTER_KEY_NEW is the key already in use: nothing to rotate.');
  process.exit(2);
}

const database = await openOrExit(() =>
  openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolMax: 2 } : { dataDir: config.dataDir }),
);
try {
  await database.migrate();
  const started = Date.now();
  const { counts } = await rotateMasterKey(database.db, secrets.masterKey, newKey);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Re-encrypted ${total} values under the new master key in ${Date.now() - started} ms:`);
  for (const [column, n] of Object.entries(counts)) if (n > 0) console.log(`  ${column}: ${n}`);
  const unusedCodes = await database.db.execute(
    sql`select count(*)::int as n from mfa_recovery_codes where used_at is null`,
  );
  const codes = (unusedCodes as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (codes > 0) {
    console.log(
      `Note: ${codes} unused MFA recovery codes were keyed with the old master key and no longer match; their owners need new codes.`,
    );
  }
  if (!config.PORTAL_MASTER_KEY) {
    // Outside production the key may have been generated into DATA_DIR: keep it in step.
    const file = generatedSecretsFile(config);
    const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    await writeFile(file, JSON.stringify({ ...stored, masterKey: newKeyHex.toLowerCase() }), { mode: 0o600 });
    console.log(`Updated the generated key in ${file}.`);
  } else {
    console.log('Now set PORTAL_MASTER_KEY to the new key on every node and start them.');
  }
} catch (error) {
  console.error(`Nothing changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
