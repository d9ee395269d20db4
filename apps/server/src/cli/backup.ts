// `npm run backup -- [file]`: a snapshot of the configured database (PostgreSQL or PGlite).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { exitIfDataDirInUse } from './data-dir-in-use.ts';
import { backupDatabase } from '../db/backup.ts';
import { parseCli } from '../../../../scripts/parse-cli.mjs';

const { positionals } = parseCli({
  name: 'backup',
  usage: 'npm run backup -- [FILE]',
  about: [
    'Writes a snapshot of the configured database (DATABASE_URL, else the PGlite files in',
    'DATA_DIR) to FILE, by default portal-<engine>-<time>.backup where the command was typed.',
    'The master key is not in it: keep PORTAL_MASTER_KEY (or DATA_DIR/secrets.json) apart.',
  ].join('\n'),
  positionals: { max: 1 },
});
const config = loadConfig();
const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// npm runs the script inside apps/server; a relative path means where the command was typed.
const file = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  positionals[0] ?? `portal-${engine}-${stamp}.backup`,
);
try {
  await backupDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir },
    file,
  );
  console.log(`Backup of the ${engine} database written to ${file}.`);
  console.log('It does not contain the master key: keep PORTAL_MASTER_KEY (or DATA_DIR/secrets.json) apart.');
} catch (error) {
  exitIfDataDirInUse(error);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
