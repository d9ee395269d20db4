import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'fixtures', 'module-cycles');

/**
 * The files `file` loads when it runs: its import and re-export declarations, as the compiler
 * parses and resolves them. `import type` and `export type` are erased, so they close no cycle;
 * `import { type A }` is not (verbatimModuleSyntax keeps an empty import), and a dynamic
 * `import()` runs later, after both modules have finished loading.
 */
function runTimeImports(
  file: string,
  options: ts.CompilerOptions,
  cache: ts.ModuleResolutionCache,
): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    const typeOnly = ts.isImportDeclaration(statement)
      ? statement.importClause?.isTypeOnly === true
      : ts.isExportDeclaration(statement) && statement.isTypeOnly;
    if (typeOnly || !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) return [];
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) return [];
    const resolved = ts.resolveModuleName(specifier.text, file, options, ts.sys, cache).resolvedModule;
    return resolved && !resolved.isExternalLibraryImport ? [path.resolve(resolved.resolvedFileName)] : [];
  });
}

/** The module a file belongs to (`modules/<name>/…`), or undefined for infrastructure. */
const moduleOf = (srcRoot: string, file: string): string | undefined => {
  const [top, name] = path.relative(srcRoot, file).split(path.sep);
  return top === 'modules' ? name : undefined;
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));

/**
 * Every run-time import cycle between modules: module A depends on module B when a file of A
 * loads B's entry at run time, directly or through infrastructure (a plugin that loads the auth
 * module counts as auth). Each cycle is the imports around it, `from → to`, starting at the
 * module first by name so a report reads the same on every run. A cycle makes one entry's
 * exports undefined while the other loads, depending on which was loaded first.
 */
function moduleCycles(srcRoot: string): string[][] {
  const { config } = ts.readConfigFile(path.join(serverRoot, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, serverRoot);
  const cache = ts.createModuleResolutionCache(srcRoot, (name) => name, options);
  const imports = new Map<string, string[]>();
  const importsOf = (file: string): string[] => {
    if (!imports.has(file)) {
      const inside = runTimeImports(file, options, cache).filter((t) => t.startsWith(srcRoot + path.sep));
      imports.set(file, inside);
    }
    return imports.get(file)!;
  };

  // For each module, the other modules' files it reaches first, with the file that reaches each.
  const edges = new Map<string, Map<string, string>>();
  for (const file of filesUnder(path.join(srcRoot, 'modules'))) {
    const from = moduleOf(srcRoot, file)!;
    const targets = edges.get(from) ?? new Map<string, string>();
    edges.set(from, targets);
    const seen = new Set<string>();
    const pending = [...importsOf(file)];
    for (let target = pending.pop(); target !== undefined; target = pending.pop()) {
      if (seen.has(target)) continue;
      seen.add(target);
      const to = moduleOf(srcRoot, target);
      if (to === undefined) pending.push(...importsOf(target));
      else if (to !== from && !targets.has(to)) {
        targets.set(to, `${path.relative(srcRoot, file)} → ${path.relative(srcRoot, target)}`);
      }
    }
  }

  // Each module's shortest way back to itself; one report per set of modules around a cycle.
  const cycles = new Map<string, string[]>();
  for (const start of [...edges.keys()].sort()) {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      const next = [...(edges.get(current)?.keys() ?? [])].sort();
      if (next.includes(start)) {
        const route = [current];
        while (route[0] !== start) route.unshift(cameFrom.get(route[0]!)!);
        const key = [...route].sort().join();
        const steps = [...route, start].slice(1).map((to, i) => edges.get(route[i]!)!.get(to)!);
        if (!cycles.has(key)) cycles.set(key, steps);
        break;
      }
      for (const to of next) {
        if (!cameFrom.has(to) && to !== start) {
          cameFrom.set(to, current);
          queue.push(to);
        }
      }
    }
  }
  return [...cycles.values()];
}

describe('run-time import cycles between server modules', () => {
  it('finds none', () => {
    expect(moduleCycles(path.join(serverRoot, 'src'))).toEqual([]);
  });

  it('finds two modules that load each other, through a file of one', () => {
    const step = (from: string, to: string) => `${path.normalize(from)} → ${path.normalize(to)}`;
    expect(moduleCycles(path.join(fixtures, 'cycle'))).toEqual([
      [step('modules/a/use-b.ts', 'modules/b/index.ts'), step('modules/b/index.ts', 'modules/a/index.ts')],
    ]);
  });

  it('lets type-only imports and dynamic imports go both ways', () => {
    expect(moduleCycles(path.join(fixtures, 'type-only'))).toEqual([]);
  });
});
