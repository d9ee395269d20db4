// `npm run fhir:client -- add --name N --jwks-file F --scope "system/…"`, `list`, `revoke ID`:
// the clinic's SMART Backend Services clients from the command line (decision 0037). On
// PostgreSQL it runs beside the live nodes (a revocation is in force at once: every token check
// reads the client row); on PGlite it refuses while a portal holds DATA_DIR.
import { readFile } from 'node:fs/promises';
import {
  fhirClientIdRequest,
  fhirClientRegistration,
  ProtocolError,
  type FhirClientView,
} from '@portal/protocol';
import type { AppContext } from '../context.ts';
import { listFhirClients, registerFhirClient, revokeFhirClient } from '../modules/fhir/index.ts';
import { openOrExit } from './data-dir-in-use.ts';
import { openCliContext } from './open-context.ts';
import { parseCli, usageError } from '../../../../scripts/parse-cli.mjs';

const NAME = 'fhir:client';
const ABOUT_DATABASE = 'Works on the configured database (DATABASE_URL, else the PGlite files in DATA_DIR).';

const COMMANDS = {
  add: {
    usage: `npm run ${NAME} -- add --name NAME --jwks-file FILE --scope SCOPE [--scope SCOPE ...]`,
    about: [
      'Registers a client and prints {"client_id":"…"}: the id it names itself by (iss and sub of its',
      'assertions). FILE is the JWK Set of its public keys (RS384 2048+ bits or ES384, each with a kid);',
      'each SCOPE is system/*.rs or system/<Type>.rs (several may share one --scope, space-separated).',
      ABOUT_DATABASE,
    ].join('\n'),
    options: {
      name: { type: 'string', value: 'NAME', description: 'what the clinic calls the client' },
      'jwks-file': { type: 'string', value: 'FILE', description: 'the JWK Set of its public keys' },
      scope: {
        type: 'string',
        multiple: true,
        value: 'SCOPE',
        description: 'a scope it may be granted (repeatable)',
      },
    },
  },
  list: {
    usage: `npm run ${NAME} -- list`,
    about: ['Prints every client as a JSON line, newest first.', ABOUT_DATABASE].join('\n'),
  },
  revoke: {
    usage: `npm run ${NAME} -- revoke CLIENT_ID`,
    about: [
      'Revokes a client: its tokens stop at once and it gets no new ones. Prints the client as a JSON line.',
      ABOUT_DATABASE,
    ].join('\n'),
    positionals: { min: 1, max: 1 },
  },
} as const;
type Command = keyof typeof COMMANDS;
const isCommand = (word: string | undefined): word is Command => word !== undefined && word in COMMANDS;

const [word, ...rest] = process.argv.slice(2);
if (!isCommand(word)) {
  parseCli(
    {
      name: NAME,
      usage: `npm run ${NAME} -- add|list|revoke ...`,
      about: [
        "Registers, lists and revokes the clinic's SMART Backend Services clients.",
        ...Object.values(COMMANDS).map((command) => `  ${command.usage}`),
        'Each command answers --help.',
      ].join('\n'),
      positionals: { min: 1, max: 1 },
    },
    word === undefined ? [] : [word],
  );
  usageError(NAME, `Unknown command '${word}' (--help shows the usage)`);
}
const command = word as Command;
const { values, positionals } = parseCli({ name: `${NAME} ${command}`, ...COMMANDS[command] }, rest);

const line = (client: FhirClientView) =>
  JSON.stringify({
    client_id: client.id,
    name: client.name,
    scopes: client.scopes,
    key_ids: client.key_ids,
    created_at: client.created_at,
    revoked_at: client.revoked_at,
  });

/** What each command does once the command line is judged; it prints its answer on stdout. */
async function run(ctx: AppContext, input: unknown): Promise<string[]> {
  if (command === 'add') {
    const client = await registerFhirClient(ctx, 'cli', fhirClientRegistration.parse(input));
    return [JSON.stringify({ client_id: client.id })];
  }
  if (command === 'revoke')
    return [line(await revokeFhirClient(ctx, 'cli', fhirClientIdRequest.parse(input).id))];
  return (await listFhirClients(ctx)).clients.map(line);
}

/** The command line as the protocol's request: judged before the database is opened. */
async function inputOf(): Promise<unknown> {
  if (command === 'revoke') {
    const id = fhirClientIdRequest.safeParse({ id: positionals[0] });
    if (!id.success) usageError(`${NAME} revoke`, `'${positionals[0]}' is not a client id`);
    return id.data;
  }
  if (command !== 'add') return undefined;
  const opts = values as { name?: string; 'jwks-file'?: string; scope?: string[] };
  if (!opts['jwks-file']) usageError(`${NAME} add`, `--jwks-file is required (usage: ${COMMANDS.add.usage})`);
  const jwks = await readFile(opts['jwks-file'], 'utf8').catch(() =>
    usageError(`${NAME} add`, `cannot read ${opts['jwks-file']}`),
  );
  const registration = fhirClientRegistration.safeParse({
    name: opts.name,
    jwks,
    scopes: (opts.scope ?? []).flatMap((scope) => scope.split(' ').filter(Boolean)),
  });
  if (!registration.success) {
    const issues = registration.error.issues.map(
      (issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`,
    );
    usageError(`${NAME} add`, `${issues.join('; ')} (usage: ${COMMANDS.add.usage})`);
  }
  return registration.data;
}

const input = await inputOf();
const { ctx, database } = await openOrExit(openCliContext);
try {
  for (const output of await run(ctx, input)) console.log(output);
} catch (error) {
  if (!(error instanceof ProtocolError)) throw error;
  const detail = error.errors?.map((e) => e.message).join('; ') ?? error.message;
  console.error(`${NAME} ${command}: ${detail}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
