import { afterAll } from 'vitest';

/**
 * A setup file of the server suite: a file fails when the portal sent a statement on a
 * connection still busy with another, which only a transaction's statements run side by side
 * can do (db/in-turn.ts). pg queues such a statement today and refuses it from pg 9; it says so
 * once per process with a deprecation warning, caught here.
 */
const LISTENING = Symbol.for('portal.overlapping-statements');
const WARNING = /already executing a query/;

const state = ((globalThis as Record<symbol, { seen: string[] } | undefined>)[LISTENING] ??= (() => {
  const seen: string[] = [];
  process.on('warning', (warning) => {
    if (WARNING.test(warning.message)) seen.push(warning.stack ?? warning.message);
  });
  return { seen };
})());

afterAll(() => {
  const seen = state.seen.splice(0);
  if (seen.length > 0) {
    throw new Error(`Statements overlapped on one connection (run them in turn):\n${seen.join('\n')}`);
  }
});
