// `npm start`: build the web app and the server when missing or older than their sources,
// then run the built server (web + API on one port). Signals pass through so Ctrl-C shuts
// down cleanly. In production nothing is built at start (see scripts/builds.mjs).
import { buildIfStale, runServer } from './builds.mjs';

buildIfStale(['web', 'server']);
runServer('main');
