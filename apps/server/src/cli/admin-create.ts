// `npm run admin:create -- --email a@b.c --first-name Ada --last-name Lovelace`
// The password comes from ADMIN_PASSWORD or is asked for on the terminal (never an argument,
// which would land in shell history and process lists).
import { createInterface } from 'node:readline/promises';
import { ProtocolError } from '@portal/protocol';
import { createAdmin, createAdminInput } from '../modules/admin/index.ts';
import { openOrExit } from './data-dir-in-use.ts';
import { openCliContext } from './open-context.ts';
import { parseCli, usageError } from '../../../../scripts/parse-cli.mjs';

const USAGE = 'npm run admin:create -- --email EMAIL --first-name NAME --last-name NAME';
const { values } = parseCli({
  name: 'admin:create',
  usage: USAGE,
  about: [
    'Creates a clinic administrator in the configured database (DATABASE_URL, else the PGlite',
    'files in DATA_DIR). The password comes from ADMIN_PASSWORD or is asked for on the terminal,',
    'never from an argument (shell history and process lists would keep it).',
  ].join('\n'),
  options: {
    email: { type: 'string', value: 'EMAIL', description: "the administrator's e-mail address" },
    'first-name': { type: 'string', value: 'NAME', description: 'their first name' },
    'last-name': { type: 'string', value: 'NAME', description: 'their last name' },
  },
});
// Without a terminal nothing can be asked: say so rather than wait on a prompt nobody sees.
if (!process.env.ADMIN_PASSWORD && !process.stdin.isTTY) {
  usageError('admin:create', 'no terminal to ask the password on: set ADMIN_PASSWORD');
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  const answer = rl.question('Password for the new administrator (12+ characters): ');
  muted._writeToOutput = () => undefined;
  const password = await answer;
  rl.close();
  console.log();
  return password;
}

// Opened before the password is asked for: a refusal (a running portal holds DATA_DIR) comes first.
const { ctx, database } = await openOrExit(openCliContext);
const input = createAdminInput.safeParse({
  email: values.email,
  first_name: values['first-name'],
  last_name: values['last-name'],
  password: await askPassword(),
});
if (!input.success) {
  await database.close();
  const issues = input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  usageError('admin:create', `${issues.join('; ')} (usage: ${USAGE})`);
}
try {
  await createAdmin(ctx, input.data);
  console.log(`Administrator ${input.data.email} created.`);
} catch (error) {
  const detail =
    error instanceof ProtocolError
      ? (error.errors?.map((e) => e.message).join('; ') ?? error.message)
      : (error as Error).message;
  console.error(`Not created: ${detail}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
