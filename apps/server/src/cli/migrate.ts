// `npm run migrate`: apply committed migrations, for deploy pipelines (safe on several nodes at once).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir },
);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
