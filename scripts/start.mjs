// `npm start`: build the web app and the server when missing or older than their sources,
// then run the built server (web + API on one port). Signals pass through so Ctrl-C shuts
// down cleanly. In production nothing is built at start (see scripts/builds.mjs).
import { buildIfStale, runServer } from './builds.mjs';
import { parseCli } from './parse-cli.mjs';

parseCli({
  name: 'start',
  usage: 'npm start',
  about: [
    'Builds the web app and the server when missing or older than their sources (never in',
    'production), then serves both on one port (PORT, default 8080). Configuration comes from',
    'the environment: docs/operations.md, "Configuration".',
  ].join('\n'),
});
buildIfStale(['web', 'server']);
runServer('main');
