import { spawn } from 'node:child_process';

/**
 * `node scripts/run-parallel.mjs a b`: runs the npm scripts a and b side by side and fails when
 * either fails. ESLint and tsc each keep one core busy; together they use both.
 */
const codes = await Promise.all(
  process.argv.slice(2).map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
        child.on('error', () => resolve(1));
        child.on('exit', (code) => resolve(code ?? 1));
      }),
  ),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
