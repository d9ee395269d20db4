// `npm run migrate` and the other tools in apps/server/package.json:
// `node scripts/server.mjs <entry> [arguments]` runs apps/server/dist/<entry>.js, built first
// when its sources changed, so the tools work on a fresh clone right after `npm ci`.
import { buildIfStale, runServer } from './builds.mjs';

const [entry, ...args] = process.argv.slice(2);
buildIfStale(['server']);
runServer(entry, args);
