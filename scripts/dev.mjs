// `npm run dev`: the server with live reload on :8080 and Vite's dev server on :5173,
// which proxies /backend to the server. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseCli } from './parse-cli.mjs';

parseCli({
  name: 'dev',
  usage: 'npm run dev',
  about: [
    'Runs the server with live reload on :8080 and Vite on :5173, which proxies /backend to the',
    'server. Open http://localhost:5173. Ctrl-C stops both.',
  ].join('\n'),
});
const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 1;
  });
