import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DEMO_ACCOUNTS } from './demo/seed-demo.ts';
import { createPortal } from './portal.ts';

async function main() {
  const config = loadConfig();
  const portal = await createPortal(config);
  const address = await portal.app.listen({ host: config.host, port: config.PORT });
  // The worker threads load their modules now, not while the first upload waits for them.
  portal.ctx.workers.start();
  const engine = portal.database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  // Operators and the process tests read this line for the bound address (PORT=0 picks one).
  console.log(`Listening on ${address}`);
  const docs = config.apiDocs ? `; API docs at ${config.publicUrl}/backend/api/docs` : '';
  console.log(`Patient portal on ${config.publicUrl} (${engine}, ${config.NODE_ENV})${docs}`);
  if (portal.demoSeeded) {
    console.log('Demo accounts created:');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.label.padEnd(20)} ${a.email} / ${a.password}`);
  }

  // Stop accepting, let in-flight requests finish within the grace period, close the pool.
  // New requests meanwhile answer 503, so a load balancer moves on to another node.
  const shutdown = (signal: string) => {
    console.log(`${signal}: draining requests (at most ${config.SHUTDOWN_GRACE_SECONDS} s)`);
    const timer = setTimeout(() => {
      console.error('Shutdown grace period over: exiting with requests still open');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    timer.unref();
    portal.close().then(
      () => {
        console.log('Shut down cleanly');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** Refusals whose message tells the operator all they need: what to set, or what to stop first. */
const OPERATOR_ERRORS = [ConfigError, DataDirLockedError];

/**
 * The message and where it was thrown (TypeScript lines, through the build's source maps); an
 * operator's mistake needs its message only. A failed query's message lists its parameters
 * (e-mails, password hashes): never print those.
 */
function describeFatal(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (OPERATOR_ERRORS.some((kind) => error instanceof kind)) return error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${error.message.split('\nparams:')[0]}`, ...frames].join('\n');
}

main().catch((error: unknown) => {
  console.error(describeFatal(error));
  process.exit(1);
});
