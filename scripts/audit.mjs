#!/usr/bin/env node
// `npm audit --omit=dev --audit-level=high`: fails on any high or critical advisory in the
// packages that ship. The advisory service is part of the registry: where it cannot be
// reached (an offline or mirrored registry — this project's own CI machine answers 405) this
// says so loudly and passes, since a run that cannot ask must not block every change.
import { spawnSync } from 'node:child_process';
import { parseCli } from './parse-cli.mjs';

parseCli({
  name: 'audit:prod',
  usage: 'npm run audit:prod',
  about: [
    'Asks the registry for advisories on the packages that ship (npm audit --omit=dev) and exits 1',
    'on any high or critical one; where the advisory service cannot be asked it says so and exits 0.',
  ].join('\n'),
});
const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

if (!report?.metadata?.vulnerabilities) {
  const reason = report?.message ?? (run.stderr.trim() || 'no answer');
  console.error(`audit: the registry's advisory service could not be asked (${reason}): NOT CHECKED`);
  process.exit(0);
}

const { high = 0, critical = 0 } = report.metadata.vulnerabilities;
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) =>
  ['high', 'critical'].includes(v.severity),
);
for (const v of serious) {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ');
  console.error(`audit: ${v.severity} ${v.name} ${v.range}: ${via}`);
}
if (high + critical > 0) {
  console.error(`audit: ${critical} critical and ${high} high advisories in production dependencies`);
  process.exit(1);
}
console.log('audit: no high or critical advisory in production dependencies');
