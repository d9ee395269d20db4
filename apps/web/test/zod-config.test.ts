import { expect, it } from 'vitest';
import '../src/zod-config.ts';
import { config } from 'zod';

it('zod reads the jitless setting from the global it shares (guards a zod upgrade)', () => {
  expect(config().jitless).toBe(true);
});
