// `npm run build -w apps/server`: the server and its production command-line tools bundled
// to JavaScript in dist/, so nothing that serves the portal needs a TypeScript loader.
// Plain JavaScript itself, because it runs before anything is built.
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = import.meta.dirname;
export const distDir = path.join(serverDir, 'dist');

/** dist/<name>.js for each: what production runs (`node dist/main.js`, `npm run migrate`, ...). */
export const PRODUCTION_ENTRIES = {
  main: 'src/main.ts',
  migrate: 'src/cli/migrate.ts',
  'admin-create': 'src/cli/admin-create.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'rotate-keys': 'src/cli/rotate-keys.ts',
  'fhir-client': 'src/cli/fhir-client.ts',
};

const require = createRequire(import.meta.url);

// Workspace packages (@portal/protocol; @portal/server itself for bench programs) publish their
// TypeScript sources: bundle them, so production needs no loader for them. Every other package
// stays an import of node_modules, as installed.
const bundleWorkspacePackages = {
  name: 'bundle-workspace-packages',
  setup(build) {
    build.onResolve({ filter: /^@portal\// }, (args) => ({ path: require.resolve(args.path) }));
  },
};

/**
 * Bundles `entries` ({ outputName: file relative to apps/server }) into `outdir`. Runtime files
 * are found from apps/server/src/paths.ts, which works from any folder under apps/server.
 */
export async function bundle(entries, outdir) {
  await esbuild.build({
    absWorkingDir: serverDir,
    // The worker pool's thread, beside every bundle's entries: a bundled portal, tool or bench
    // program finds it there (lib/worker-pool/worker-pool.ts).
    entryPoints: { ...entries, worker: 'src/worker.ts' },
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [bundleWorkspacePackages],
    // Stack traces map back to the TypeScript lines (node --enable-source-maps); the sources
    // themselves are in the repository, not in the maps.
    sourcemap: 'linked',
    sourcesContent: false,
    // No keepNames: its wrappers cost CPU on the request path (docs/performance.md).
    keepNames: false,
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await rm(distDir, { recursive: true, force: true });
  await bundle(PRODUCTION_ENTRIES, distDir);
}
