import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import-direction errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string) {
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === 'boundaries/dependencies');
}

describe("the web app's import direction", () => {
  it("refuses a feature importing another feature's internals", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/audit/Probe.ts',
      "export { UsersTable } from '../admin-users/UsersTable.tsx';\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses ui importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/ui/Probe.ts',
      "export { PatientChart } from '../features/clinic/index.ts';\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses the app importing a feature internal that is neither an entry nor a page', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/app/Probe.ts',
      "export { MessengerHost } from '../features/messages/MessengerHost.tsx';\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a feature import another feature's entry, and ui, api and its own files", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/admin-users/Probe.ts',
      [
        "export { PatientChart } from '../clinic/index.ts';",
        "export { Dialog } from '../../ui/Dialog.tsx';",
        "export { useSession } from '../../api/use-session.ts';",
        "export { UsersTable } from './UsersTable.tsx';",
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
