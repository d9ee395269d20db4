/**
 * Runs the independent client's whole flow against a running server and prints each step:
 *
 *   npx tsx apps/server/tools/run-independent-client.ts [baseUrl] [email] [password]
 *
 * baseUrl defaults to http://localhost:8080; the credentials default to the demo patient
 * that `npm start` creates and prints on first start (architecture.md, "demo patient").
 * Like the client, this file imports nothing from the repository's protocol or server code.
 */
import { ProtocolError, ShapeError, runFlow } from '../testing/independent-client.ts';
import { parseCli } from '../../../scripts/parse-cli.mjs';

const DEFAULT_URL = 'http://localhost:8080';
const DEMO_PATIENT = { email: 'patient@example.com', password: 'Patient-demo-2025' };

const write = (line: string) => process.stdout.write(`${line}\n`);

const { positionals } = parseCli({
  name: 'run-independent-client',
  usage: 'npx tsx apps/server/tools/run-independent-client.ts [BASE_URL] [EMAIL] [PASSWORD]',
  about: [
    "Runs the independent client's whole flow against a running server and prints each step.",
    `BASE_URL defaults to ${DEFAULT_URL}; the account, to the demo patient npm start creates.`,
  ].join('\n'),
  positionals: { max: 3 },
});

async function main(): Promise<number> {
  const [baseUrl = DEFAULT_URL, email = DEMO_PATIENT.email, password = DEMO_PATIENT.password] = positionals;
  write(`Independent protocol client against ${baseUrl} as ${email}`);
  try {
    const result = await runFlow(
      baseUrl,
      { email, password },
      (line) => write(`✓ ${line}`),
      (line) => write(`    ${line}`),
    );
    write(
      `All steps passed. After logout the event poll answered code ${result.pollAfterLogout.code} ` +
        `(HTTP ${result.pollAfterLogout.status}).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ProtocolError) {
      write(`✗ server answered HTTP ${error.status}, code ${error.code}: ${error.serverMessage}`);
    } else if (error instanceof ShapeError) {
      write(`✗ protocol violation: ${error.message}`);
    } else {
      write(`✗ ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
}

process.exitCode = await main();
