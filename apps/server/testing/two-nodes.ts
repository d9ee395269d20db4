import { afterAll, beforeAll } from 'vitest';
import { freshDatabase, startTestPortal, TestClock, type TestPortal } from './test-portal.ts';

/** Two portal nodes on one database and one clock, as a cluster runs them. */
export interface TwoNodes {
  readonly clock: TestClock;
  /** The node that seeds the demo users. */
  readonly a: TestPortal;
  /** The second node, which seeds nothing of its own. */
  readonly b: TestPortal;
}

/** Starts both nodes before the file's tests and closes them (and drops the database) after. */
export function twoNodesOnOneDatabase(): TwoNodes {
  const clock = new TestClock();
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let a: TestPortal | undefined;
  let b: TestPortal | undefined;
  beforeAll(async () => {
    db = await freshDatabase();
    a = await startTestPortal({ database: db.target, clock });
    b = await startTestPortal({ database: db.target, clock, env: { PORTAL_DEMO: '0' } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
  });
  const started = (node: TestPortal | undefined) => {
    if (!node) throw new Error('The two nodes start in beforeAll; use them inside a test.');
    return node;
  };
  return {
    clock,
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
  };
}
