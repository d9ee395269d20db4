// `npm run fixtures:upgrade -- <release>`: writes this release's upgrade fixture for the engine
// it is pointed at (PGlite, or PostgreSQL when DATABASE_URL names a server to make a scratch
// database on) into test/upgrade/fixtures/<release>/. See docs/operations.md, "Upgrade fixtures".
import { writeReleaseFixture } from '../testing/upgrade/fixture-writer.ts';
import { FIXTURES_DIR } from '../testing/upgrade/manifest.ts';
import { parseCli, usageError } from '../../../scripts/parse-cli.mjs';

const { positionals } = parseCli({
  name: 'fixtures:upgrade',
  usage: 'npm run fixtures:upgrade -- RELEASE',
  about: [
    "Writes this release's upgrade fixture into test/upgrade/fixtures/RELEASE/ (a name such as",
    '2026-11-24-7b14e08), on PGlite, or on PostgreSQL when DATABASE_URL names a server to make a',
    'scratch database on. See docs/operations.md, "Upgrade fixtures".',
  ].join('\n'),
  positionals: { min: 1, max: 1 },
});
const release = positionals[0]!;
if (!/^[\w.-]+$/.test(release)) {
  usageError('fixtures:upgrade', `'${release}' is not a release name (letters, digits, '.', '_' and '-')`);
}
const dir = await writeReleaseFixture(FIXTURES_DIR, release);
console.log(`Upgrade fixture of ${release} written to ${dir}.`);
