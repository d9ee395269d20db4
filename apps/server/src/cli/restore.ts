// `npm run restore -- <file>`: a backup into the configured, empty database of the same engine.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { exitIfDataDirInUse } from './data-dir-in-use.ts';
import { restoreDatabase } from '../db/backup.ts';

const config = loadConfig();
const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
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
