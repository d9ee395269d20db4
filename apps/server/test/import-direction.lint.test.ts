import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import-direction errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string) {
  const results = await eslint.lintText(`${code}\n`, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === 'boundaries/dependencies');
}

describe("the server's import direction", () => {
  it.each([
    ['apps/server/src/modules/account/probe.ts', "export { authRoutes } from '../auth/routes.ts';"],
    ['apps/server/src/modules/account/probe.ts', "export { buildApp } from '../../app.ts';"],
    [
      'apps/server/src/modules/account/probe.ts',
      "export { openCliContext } from '../../cli/open-context.ts';",
    ],
    ['apps/server/src/lib/probe.ts', "export { recordAudit } from '../modules/audit/index.ts';"],
    ['apps/server/src/db/probe.ts', "export { authRoutes } from '../modules/auth/routes.ts';"],
    ['apps/server/src/plugins/metrics.ts', "export { LivenessCache } from '../modules/auth/index.ts';"],
    ['apps/server/src/app.ts', "export { verifiedClaimsOrNone } from './modules/auth/access-token.ts';"],
    ['apps/server/src/context.ts', "export { LivenessCache } from './modules/auth/index.ts';"],
  ])('refuses %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toHaveLength(1);
  });

  it("lets a module import another module's entry, its own files and the infrastructure", async () => {
    const code = [
      "export { recordAudit } from '../audit/index.ts';",
      "export { accountRoutes } from './routes.ts';",
      "export { loadConfig } from '../../config.ts';",
      "export { type AppContext } from '../../context.ts';",
      "export { ok } from '../../lib/ok.ts';",
    ].join('\n');
    expect(await boundaryErrors('apps/server/src/modules/account/probe.ts', code)).toEqual([]);
  });

  it('lets the composition root import entries and routes, and the named exceptions theirs', async () => {
    const app = [
      "export { LivenessCache } from './modules/auth/index.ts';",
      "export { authRoutes } from './modules/auth/routes.ts';",
    ].join('\n');
    expect(await boundaryErrors('apps/server/src/app.ts', app)).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/cli/probe.ts',
        "export { createAdmin } from '../modules/admin/index.ts';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/plugins/auth.ts',
        "export { authenticateRequest } from '../modules/auth/index.ts';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/context.ts',
        "export type { LivenessCache } from './modules/auth/index.ts';",
      ),
    ).toEqual([]);
  });
});
