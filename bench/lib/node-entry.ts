import path from 'node:path';
import { bundle, distDir } from '../../apps/server/build.mjs';
import { buildIfStale, serverCommand } from '../../scripts/builds.mjs';
import { repoRoot } from './repo-root.ts';

export interface NodeEntry {
  command: string;
  args: string[];
}

/** The built portal, as `npm start` and production run it; built first when a source changed. */
export function portalEntry(): NodeEntry {
  buildIfStale(['server']);
  const [command, args] = serverCommand('main');
  return { command, args };
}

/**
 * A bench program or yardstick (a TypeScript file relative to the repository root) bundled
 * with the server's build options and run by plain node, so every process a run compares is
 * measured on the same footing as the built portal. Written under apps/server/dist/bench/,
 * where the server code they import finds its migrations.
 */
export async function builtEntry(file: string): Promise<NodeEntry> {
  const name = path.basename(file, '.ts');
  const outdir = path.join(distDir, 'bench');
  await bundle({ [name]: path.resolve(repoRoot, file) }, outdir);
  return { command: process.execPath, args: ['--enable-source-maps', path.join(outdir, `${name}.js`)] };
}
