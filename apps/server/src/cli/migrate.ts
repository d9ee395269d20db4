// `npm run migrate`: apply committed migrations, for deploy pipelines (safe on several nodes at once).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { openOrExit } from './data-dir-in-use.ts';
import { parseCli } from '../../../../scripts/parse-cli.mjs';

parseCli({
  name: 'migrate',
  usage: 'npm run migrate',
  about: [
    'Applies the committed migrations to the configured database (DATABASE_URL, else the PGlite',
    'files in DATA_DIR). Safe to run again, and on several nodes at once.',
  ].join('\n'),
});
const config = loadConfig();
const database = await openOrExit(() =>
  openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir }),
);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
