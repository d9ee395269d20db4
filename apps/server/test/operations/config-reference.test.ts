import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.ts';
import { configReference, OPERATIONS_DOC, regeneratedOperationsDoc } from '../../tools/config-reference.ts';

describe('configuration reference in docs/operations.md', () => {
  it('is up to date with the config schema (run npm run docs:config after changing it)', async () => {
    expect(await readFile(OPERATIONS_DOC, 'utf8')).toBe(await regeneratedOperationsDoc());
  });

  it('lists every variable with its description, default and production requirement', () => {
    const table = configReference();
    for (const name of Object.keys(configSchema.shape)) expect(table).toContain(`| \`${name}\` |`);
    expect(table).toMatch(/\| `PORTAL_MASTER_KEY` \| — \| yes \| 32-byte hex key/);
    expect(table).toMatch(/\| `PORT` \| `8080` \| {2}\| HTTP port/);
    expect(table).toMatch(/\| `LOG_LEVEL` \| `info` \| {2}\| Log level\. One of `fatal`, `error`/);
  });
});
