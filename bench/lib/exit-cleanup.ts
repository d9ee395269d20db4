/**
 * Synchronous clean-ups (killing child services, removing temporary directories) that must
 * run however the bench ends: normally, on an uncaught error, or on Ctrl-C. Services run in
 * their own process group, so the terminal's SIGINT no longer reaches them: it ends this
 * process instead, and the 'exit' handler takes them down.
 */
const cleanups = new Set<() => void>();
let installed = false;

/** Registers `cleanup`; the returned function unregisters it once the caller cleaned up itself. */
export function onExit(cleanup: () => void): () => void {
  if (!installed) {
    installed = true;
    process.once('exit', runCleanups);
    process.once('SIGINT', () => process.exit(130));
    process.once('SIGTERM', () => process.exit(143));
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

function runCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Best effort: one failed clean-up must not keep the others from running.
    }
  }
  cleanups.clear();
}
