// `npm run admin:create -- --email a@b.c --first-name Ada --last-name Lovelace`
// The password comes from ADMIN_PASSWORD or is asked for on the terminal (never an argument,
// which would land in shell history and process lists).
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { ProtocolError } from '@portal/protocol';
import { createAdmin, createAdminInput } from '../modules/admin/index.ts';
import { openOrExit } from './data-dir-in-use.ts';
import { openCliContext } from './open-context.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
});

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
  console.error(
    'Usage: npm run admin:create -- --email EMAIL --first-name NAME --last-name NAME (password from ADMIN_PASSWORD or prompt)',
  );
  for (const issue of input.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  await database.close();
  process.exit(2);
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
