// What `npm start`, the command-line tools, e2e and the bench build before they run: each
// build once its output is missing or older than a source. Plain JavaScript, run before any
// build. Production builds nothing at run time: `npm run build` is a deploy step (the image
// has no sources at all).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const BUILDS = {
  web: {
    workspace: 'apps/web',
    // Warnings and errors only: not the list of every file written.
    quiet: ['--logLevel', 'warn'],
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/build-plugins',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      '.browserslistrc',
      'packages/protocol/src',
    ],
  },
  server: {
    workspace: 'apps/server',
    quiet: [],
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/protocol/src'],
  },
};

function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

function stale({ output, sources }) {
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (newestSource === 0) return false;
  const built = path.join(root, output);
  return !existsSync(built) || newestSource > statSync(built).mtimeMs;
}

/** Whether `name`'s build is missing or older than a source; production builds nothing, so never. */
export function isStale(name) {
  return process.env.NODE_ENV !== 'production' && stale(BUILDS[name]);
}

/** Builds each of `names` ('web', 'server') that is stale; exits the process if a build fails. */
export function buildIfStale(names) {
  for (const name of names) {
    if (!isStale(name)) continue;
    const build = BUILDS[name];
    console.log(`Building the ${name}…`);
    const run = spawnSync('npm', ['run', 'build', '--silent', '-w', build.workspace, '--', ...build.quiet], {
      cwd: root,
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

/** `node --enable-source-maps apps/server/dist/<entry>.js`: logged stack traces name TypeScript lines. */
export function serverCommand(entry) {
  return [process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist', `${entry}.js`)]];
}

/** Runs `command` in the foreground: signals pass through, its exit code is ours. */
function runForeground(command, args) {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** Runs a built server entry in the foreground. */
export function runServer(entry, args = []) {
  const [command, nodeArgs] = serverCommand(entry);
  runForeground(command, [...nodeArgs, ...args]);
}

/** Runs a server entry from its TypeScript sources (tsx, a development dependency), unbuilt. */
export async function runServerSource(entry, args = []) {
  const { PRODUCTION_ENTRIES } = await import('../apps/server/build.mjs');
  const source = path.join(root, 'apps/server', PRODUCTION_ENTRIES[entry]);
  runForeground(process.execPath, ['--import', 'tsx', source, ...args]);
}
