// The command line of every tool a person runs (npm start, npm run migrate, backup, bench, ...):
// one parser, so each answers --help and a mistyped option alike. Plain JavaScript, because the
// scripts here run before anything is built; the TypeScript tools import it too.
import { parseArgs } from 'node:util';

/** EX_USAGE from sysexits.h: the command was used wrongly; nothing was done. */
export const EXIT_USAGE = 64;

const HELP = { type: 'boolean', short: 'h', description: 'print this help and exit' };

function optionLines(options) {
  const rows = Object.entries(options).map(([name, option]) => [
    [option.short && `-${option.short},`, `--${name}`, option.value].filter(Boolean).join(' '),
    option.description,
  ]);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, description]) => `  ${left.padEnd(width)}${description}`);
}

function usageText({ usage, about, options }) {
  return [`Usage: ${usage}`, '', about, '', 'Options:', ...optionLines(options), ''].join('\n');
}

/** One line on stderr, naming the tool, then the exit code: never a stack trace. */
function fail(name, message, code) {
  console.error(`${name}: ${String(message).replace(/\s*\n\s*/g, ' ')}`);
  process.exit(code);
}

/** parseArgs explains an unknown option in two sentences; the first says what is wrong. */
const firstSentence = (message) => message.split(/\.(\s|$)/)[0];

/**
 * Reads the tool's arguments against its table of options and answers what a person may ask of
 * any tool: `--help` (`-h`) prints the usage on stdout and exits 0 before the tool does anything;
 * an unknown option, a missing value or a wrong number of arguments prints one line on stderr
 * and exits 64. From here on an error nothing caught ends the tool with one line and exit 1.
 */
export function parseCli(spec, args = process.argv.slice(2)) {
  const { name, options = {}, positionals: { min = 0, max = 0 } = {} } = spec;
  const table = { ...options, help: HELP };
  // parseArgs refuses keys it does not know, and undefined ones.
  const config = Object.fromEntries(
    Object.entries(table).map(([key, { type, short, multiple }]) => [
      key,
      { type, ...(short && { short }), ...(multiple && { multiple }) },
    ]),
  );
  const loose = parseArgs({ args, options: config, strict: false, allowPositionals: true });
  if (loose.values.help === true) {
    process.stdout.write(usageText({ ...spec, options: table }));
    process.exit(0);
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options: config, strict: true, allowPositionals: max > 0 });
  } catch (error) {
    fail(name, `${firstSentence(error.message)} (--help shows the usage)`, EXIT_USAGE);
  }
  const { positionals } = parsed;
  if (positionals.length > max) {
    fail(name, `Unexpected argument '${positionals[max]}' (--help shows the usage)`, EXIT_USAGE);
  }
  if (positionals.length < min) fail(name, `Missing argument: ${spec.usage}`, EXIT_USAGE);
  process.on('uncaughtException', (error) => fail(name, error instanceof Error ? error.message : error, 1));
  const { help: _help, ...values } = parsed.values;
  return { values, positionals };
}

/** A command line the table cannot judge alone (a value out of range, a missing variable). */
export function usageError(name, message) {
  fail(name, message, EXIT_USAGE);
}
