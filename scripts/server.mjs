// `npm run migrate` and the other tools in apps/server/package.json:
// `node scripts/server.mjs <entry> [arguments]` runs apps/server/dist/<entry>.js, built first
// when its sources changed, so the tools work on a fresh clone right after `npm ci`.
import { buildIfStale, isStale, runServer, runServerSource } from './builds.mjs';

const [entry, ...args] = process.argv.slice(2);
// Asking for a tool's usage builds nothing: an out-of-date build's tool answers from its sources.
if (args.some((arg) => arg === '--help' || arg === '-h') && isStale('server')) {
  await runServerSource(entry, args);
} else {
  buildIfStale(['server']);
  runServer(entry, args);
}
