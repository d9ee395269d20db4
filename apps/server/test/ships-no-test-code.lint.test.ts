import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The restricted-import errors ESLint reports for `code` as if it were the file at `filePath`. */
async function restrictedImports(filePath: string, code: string) {
  const results = await eslint.lintText(`${code}\n`, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === 'no-restricted-imports');
}

describe('shipped code imports no test code', () => {
  it.each([
    [
      'apps/server/src/modules/auth/probe.ts',
      "export { startTestPortal } from '../../../testing/test-portal.ts';",
    ],
    ['apps/server/src/probe.ts', "export { PortalClient } from '@portal/protocol/testing';"],
    ['apps/server/src/probe.ts', "export { expect } from 'vitest';"],
    ['apps/server/src/probe.ts', "export { SMTPServer } from 'smtp-server';"],
    ['packages/protocol/src/probe.ts', "export { PortalClient } from '../testing/client.ts';"],
    ['apps/web/src/api/probe.ts', "export { PortalClient } from '@portal/protocol/testing';"],
  ])('refuses %s: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toHaveLength(1);
  });

  it('lets shipped code import its production dependencies and its own files', async () => {
    const code = ["export { sql } from 'drizzle-orm';", "export { loadConfig } from './config.ts';"].join(
      '\n',
    );
    expect(await restrictedImports('apps/server/src/probe.ts', code)).toEqual([]);
  });

  it('lets tests and kits import kits and development dependencies', async () => {
    const code = [
      "export { expect } from 'vitest';",
      "export { startTestPortal } from './test-portal.ts';",
    ].join('\n');
    expect(await restrictedImports('apps/server/testing/probe.ts', code)).toEqual([]);
    expect(await restrictedImports('apps/server/test/probe.test.ts', code)).toEqual([]);
  });
});
