import { describe, expect, it } from 'vitest';
import { nextRunBatcher } from '../../src/lib/next-run-batcher.ts';

/** A run the test finishes by hand, recording when each began. */
function manualRuns() {
  const started: { key: string; finish: (value: number) => void; fail: (error: Error) => void }[] = [];
  const run = (key: string) =>
    new Promise<number>((resolve, reject) => {
      started.push({ key, finish: resolve, fail: reject });
    });
  return { started, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('nextRunBatcher', () => {
  it('answers callers who arrive during a run with the next run, which starts after it', async () => {
    const { started, run } = manualRuns();
    const batched = nextRunBatcher(run);
    const first = batched('a');
    await settle();
    expect(started).toHaveLength(1);

    const second = batched('a');
    const third = batched('a');
    await settle();
    expect(started).toHaveLength(1);

    started[0]!.finish(1);
    expect(await first).toBe(1);
    await settle();
    expect(started).toHaveLength(2);
    started[1]!.finish(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
  });

  it('shares one run among the callers of the same moment, and none between keys', async () => {
    const { started, run } = manualRuns();
    const batched = nextRunBatcher(run);
    const answers = [batched('a'), batched('a'), batched('b')];
    await settle();
    expect(started.map((s) => s.key)).toEqual(['a', 'b']);
    started[0]!.finish(1);
    started[1]!.finish(7);
    expect(await Promise.all(answers)).toEqual([1, 1, 7]);
  });

  it('gives a failed run to its own callers only, and starts afresh after it', async () => {
    const { started, run } = manualRuns();
    const batched = nextRunBatcher(run);
    const failing = batched('a');
    await settle();
    const later = batched('a');
    started[0]!.fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await settle();
    started[1]!.finish(3);
    expect(await later).toBe(3);
    const after = batched('a');
    await settle();
    expect(started).toHaveLength(3);
    started[2]!.finish(4);
    expect(await after).toBe(4);
  });
});
