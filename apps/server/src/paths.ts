import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of the nearest package.json above `from`. This module runs from src/ under tsx
 * and vitest and from a bundle in dist/ in production, at different depths: the package
 * folder is what both share.
 */
function packageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** apps/server: what the server reads at run time lives beside src/ and dist/. */
export const serverDir = packageDir(import.meta.dirname);
export const repoRoot = path.resolve(serverDir, '../..');
/** The committed drizzle migrations, shipped beside dist/ in the image. */
export const migrationsDir = path.join(serverDir, 'drizzle');
