// `npm run docs:config`: regenerate the configuration reference in docs/operations.md from
// the config schema, so the guide cannot drift from what the server accepts.
import { OPERATIONS_DOC, writeOperationsDoc } from './config-reference.ts';
import { parseCli } from '../../../scripts/parse-cli.mjs';

parseCli({
  name: 'docs:config',
  usage: 'npm run docs:config',
  about: 'Regenerates the configuration reference in docs/operations.md from the config schema.',
});

const changed = await writeOperationsDoc();
console.log(
  changed
    ? `Updated the configuration reference in ${OPERATIONS_DOC}.`
    : 'Configuration reference is up to date.',
);
