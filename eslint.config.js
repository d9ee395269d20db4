import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { readFileSync } from 'node:fs';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', 'apps/server/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  webImportDirection(),
  serverImportDirection(),
  ...shippedCodeImportsNoTestCode(),
  {
    files: ['scripts/**', 'bench/**', '**/cli/**', 'apps/server/src/main.ts', 'apps/server/tools/**'],
    rules: { 'no-console': 'off' },
  },
);

/**
 * What ships (each package's `src/`) imports no test code: no test or kit folder, no `testing`
 * entry, and no package `npm ci --omit=dev` leaves out (docs/contributing.md, "Where things
 * live"). Test code lives in `test/` and `testing/` beside `src/`.
 */
function shippedCodeImportsNoTestCode() {
  const devDependencies = (dir) =>
    Object.keys(
      JSON.parse(readFileSync(new URL(`${dir}/package.json`, import.meta.url), 'utf8')).devDependencies ?? {},
    );
  const root = devDependencies('.');
  return ['packages/protocol', 'apps/server', 'apps/web'].map((dir) => {
    const packages = [...new Set([...root, ...devDependencies(dir)])].filter(
      (name) => !name.startsWith('@types/'),
    );
    return {
      files: [`${dir}/src/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '(^|/)(test|testing)(/|$)',
                message: 'Shipped code imports no test code: tests and kits live in test/ and testing/.',
              },
              {
                group: packages.flatMap((name) => [name, `${name}/*`]),
                message: 'A development dependency: production installs leave it out.',
              },
            ],
          },
        ],
      },
    };
  });
}

/**
 * The web app's imports flow one way, app → features → api/ui/i18n (docs/contributing.md,
 * "Imports"). A feature reaches another only through an entry (its `index.ts`, or a sub-folder's
 * when a page should load that part alone); the app, the composition root, through entries and
 * the pages its route table loads one chunk each.
 */
function webImportDirection() {
  const entries = ['index.ts', '*/index.ts'];
  const base = 'apps/web/src';
  const feature = (fileInternalPath) => ({ to: { element: { type: 'feature', fileInternalPath } } });
  return {
    files: [`${base}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: `${base}/app` },
        { type: 'feature', pattern: `${base}/features/*`, capture: ['name'] },
        { type: 'lower', pattern: `${base}/{api,ui,i18n}` },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: false,
          policies: [
            {
              from: { element: { type: 'lower' } },
              disallow: { to: { element: { types: ['app', 'feature'] } } },
            },
            { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'app' } } } },
            { from: { element: { type: 'feature' } }, disallow: feature('**') },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { name: '{{from.element.captured.name}}' } } },
              },
            },
            { from: { element: { type: 'feature' } }, allow: feature(entries) },
            { from: { element: { type: 'app' } }, disallow: feature('**') },
            { from: { element: { type: 'app' } }, allow: feature([...entries, '*Page.tsx']) },
          ],
        },
      ],
    },
  };
}

/**
 * The server's imports flow one way, app → modules → infrastructure (docs/contributing.md,
 * "Imports"). A module reaches another only through its entry, `modules/<m>/index.ts`. The
 * composition root (`app.ts`, `portal.ts`, `main.ts`, `cli/`, `demo/`, `jobs/`) uses entries too, and each
 * module's `routes.ts`, which it registers: an entry that re-exported its routes would load the
 * module's whole route tree into every module reading one function from it, and close import
 * cycles. No module imports the composition root. Infrastructure (`db/`, `lib/`, `plugins/` and
 * the other files beside `app.ts`) imports no module, with the two exceptions named below.
 */
function serverImportDirection() {
  const base = 'apps/server/src';
  const composition = ['app.ts', 'portal.ts', 'main.ts'];
  const root = (fileInternalPath) => ({ element: { type: 'root', fileInternalPath } });
  const module = (fileInternalPath, extra = {}) => ({
    to: { element: { type: 'module', fileInternalPath } },
    ...extra,
  });
  return {
    files: [`${base}/**/*.ts`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'module', pattern: `${base}/modules/*`, capture: ['name'], partialMatch: false },
        { type: 'composition', pattern: `${base}/{cli,demo,jobs}`, partialMatch: false },
        { type: 'infrastructure', pattern: `${base}/{db,lib,plugins}`, partialMatch: false },
        { type: 'root', pattern: base, partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: false,
          policies: [
            {
              from: { element: { types: ['module', 'infrastructure', 'root'] } },
              disallow: [{ to: { element: { type: 'composition' } } }, { to: root(composition) }],
            },
            { from: { element: { types: ['module', 'infrastructure', 'root'] } }, disallow: module('**') },
            {
              from: { element: { type: 'module' } },
              allow: {
                to: { element: { type: 'module', captured: { name: '{{from.element.captured.name}}' } } },
              },
            },
            { from: { element: { type: 'module' } }, allow: module('index.ts') },
            {
              from: [{ element: { type: 'composition' } }, root(composition)],
              allow: [
                module(['index.ts', 'routes.ts']),
                { to: { element: { type: 'composition' } } },
                { to: root(composition) },
              ],
            },
            // The request plugins apply the auth module's checks (tokens, sessions, the
            // handshake's salts) to every route; the module owns those stores.
            {
              from: {
                element: {
                  type: 'infrastructure',
                  path: `${base}/plugins`,
                  fileInternalPath: ['auth.ts', 'envelope.ts'],
                },
              },
              allow: {
                to: { element: { type: 'module', captured: { name: 'auth' }, fileInternalPath: 'index.ts' } },
              },
            },
            // The context only names the types of the services the portal builds into it.
            { from: root('context.ts'), allow: module('index.ts', { dependency: { kind: 'type' } }) },
            // The worker pool's thread loads only the files of the jobs it runs, not whole modules.
            { from: root('worker.ts'), allow: module('**') },
          ],
        },
      ],
    },
  };
}
