// `npm run fixtures:upgrade -- <release>`: writes this release's upgrade fixture for the engine
// it is pointed at (PGlite, or PostgreSQL when DATABASE_URL names a server to make a scratch
// database on) into test/upgrade/fixtures/<release>/. See docs/operations.md, "Upgrade fixtures".
import { writeReleaseFixture } from '../testing/upgrade/fixture-writer.ts';
import { FIXTURES_DIR } from '../testing/upgrade/manifest.ts';

const release = process.argv[2];
if (!release || !/^[\w.-]+$/.test(release)) {
  console.error('Usage: npm run fixtures:upgrade -- <release name, e.g. 2026-11-24-7b14e08>');
  process.exit(1);
}
const dir = await writeReleaseFixture(FIXTURES_DIR, release);
console.log(`Upgrade fixture of ${release} written to ${dir}.`);
