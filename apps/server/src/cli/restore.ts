// `npm run restore -- <file>`: a backup into the configured, empty database of the same engine.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { exitIfDataDirInUse } from './data-dir-in-use.ts';
import { restoreDatabase } from '../db/backup.ts';
import { parseCli } from '../../../../scripts/parse-cli.mjs';

const { positionals } = parseCli({
  name: 'restore',
  usage: 'npm run restore -- FILE',
  about: [
    'Restores the backup in FILE (from npm run backup) into the configured database, which must be',
    'empty and of the same engine (DATABASE_URL, else the PGlite files in DATA_DIR). Start the',
    'portal afterwards with the master key the backup was made under.',
  ].join('\n'),
  positionals: { min: 1, max: 1 },
});
const config = loadConfig();
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
try {
  await restoreDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir },
    file,
  );
  console.log(`Restored ${file}. Start the portal with the master key the backup was made under.`);
} catch (error) {
  exitIfDataDirInUse(error);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
