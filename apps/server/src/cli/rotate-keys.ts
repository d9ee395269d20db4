// `npm run rotate-keys`: re-encrypt everything at rest from PORTAL_MASTER_KEY (the key in use)
// to PORTAL_MASTER_KEY_NEW, and recompute the keyed hashes, in one transaction. Every node must
// be stopped first: a node still running on the old key would fail to read what has moved and
// write what the new key cannot read. PGlite's lock refuses beside a running portal; on
// PostgreSQL the nodes are looked for.
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { EXIT_DATA_DIR_LOCKED } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { runningNodes } from '../db/release-guard.ts';
import { rotateMasterKey } from '../lib/key-rotation.ts';
import { generatedSecretsFile, loadSecrets } from '../lib/secrets.ts';
import { rehashDatesOfBirth } from '../modules/patient/index.ts';
import { openOrExit } from './data-dir-in-use.ts';
import { parseCli, usageError } from '../../../../scripts/parse-cli.mjs';

parseCli({
  name: 'rotate-keys',
  usage: 'PORTAL_MASTER_KEY_NEW=<64 hex> npm run rotate-keys',
  about: [
    'Re-encrypts everything at rest from PORTAL_MASTER_KEY (the key in use) to',
    'PORTAL_MASTER_KEY_NEW (e.g. from `openssl rand -hex 32`), in one transaction. Stop every',
    'portal node first: it refuses while one runs (docs/operations.md, "Key rotation").',
  ].join('\n'),
});
const config = loadConfig();
const newKeyHex = process.env.PORTAL_MASTER_KEY_NEW ?? '';
if (!/^[0-9a-fA-F]{64}$/.test(newKeyHex)) {
  usageError(
    'rotate-keys',
    'PORTAL_MASTER_KEY_NEW must be the new key, 64 hex characters (e.g. from `openssl rand -hex 32`); PORTAL_MASTER_KEY stays the key in use until this has run.',
  );
}
const secrets = await loadSecrets(config);
const newKey = Buffer.from(newKeyHex, 'hex');
if (newKey.equals(secrets.masterKey)) {
  usageError('rotate-keys', 'PORTAL_MASTER_KEY_NEW is the key already in use: nothing to rotate.');
}

/** The portal nodes connected to the PostgreSQL database at `url`, each named by its release. */
async function nodesOn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await runningNodes(client);
  } finally {
    await client.end();
  }
}

const nodes = config.DATABASE_URL ? await nodesOn(config.DATABASE_URL) : [];
if (nodes.length > 0) {
  console.error(
    `${nodes.length} portal node(s) are connected to this database (release ${[...new Set(nodes)].join(', ')}): ` +
      'stop every node first, then run rotate-keys again (docs/operations.md, "Key rotation"). Nothing changed.',
  );
  // As PGlite's refusal: in use by a running portal, try again once it is stopped.
  process.exit(EXIT_DATA_DIR_LOCKED);
}

const database = await openOrExit(() =>
  openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolMax: 2 } : { dataDir: config.dataDir }),
);
try {
  await database.migrate();
  const started = Date.now();
  const { counts } = await rotateMasterKey(database.db, secrets.masterKey, newKey, {
    'patient_resources.date_of_birth_hash': (tx, cipher) => rehashDatesOfBirth({ cipher }, tx),
  });
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
