import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '../../src/lib/limit-concurrency.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('runs at most max tasks at once and starts the waiting ones in arrival order, after failures too', async () => {
    const run = limitConcurrency(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((gate, index) =>
      run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        try {
          await gate.promise;
        } finally {
          running -= 1;
        }
        return index;
      }),
    );
    const outcomes = Promise.allSettled(results);
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.reject(new Error('refused'));
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.resolve();
    gates[4]!.resolve();
    expect((await outcomes).map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(most).toBe(2);
  });
});
