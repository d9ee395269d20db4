import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/** Where the suite's global setup leaves the empty cluster for every test process to copy. */
export const PGLITE_TEMPLATE_ENV = 'PORTAL_TEST_PGLITE_TEMPLATE';

let template: Promise<Blob> | undefined;

async function emptyCluster(): Promise<Blob> {
  const pglite = await PGlite.create();
  try {
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

async function loadTemplate(): Promise<Blob> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  return file ? new Blob([await readFile(file)]) : emptyCluster();
}

/**
 * A new in-memory PGlite. Creating one runs initdb, seconds of WebAssembly, and the suite opens
 * hundreds; each is instead a copy of one empty cluster, made once (by the global setup, or by
 * the first call in a process that has none).
 */
export async function freshPglite(): Promise<PGlite> {
  template ??= loadTemplate();
  return PGlite.create({ loadDataDir: await template });
}

/** Writes the empty cluster to `file` for {@link freshPglite} in other processes. */
export async function writePgliteTemplate(file: string): Promise<void> {
  await writeFile(file, Buffer.from(await (await emptyCluster()).arrayBuffer()));
}
