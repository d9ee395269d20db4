import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './demo/seed-demo.ts';
import { createPortal } from './portal.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const portal = await createPortal(config);
  await portal.app.listen({ host: config.host, port: config.PORT });
  const engine = portal.database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `Patient portal on ${config.publicUrl} (${engine}); API docs at ${config.publicUrl}/backend/api/docs`,
  );
  if (portal.demoSeeded) {
    console.log('Demo accounts created:');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.roles.join(',').padEnd(6)} ${a.email} / ${a.password}`);
  }

  const shutdown = (signal: string) => {
    console.log(`${signal}: draining requests`);
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    portal.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
