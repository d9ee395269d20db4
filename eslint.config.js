import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

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
  {
    files: [
      'scripts/**',
      'bench/**',
      '**/cli/**',
      'apps/server/src/main.ts',
      'apps/server/src/upgrade/write-fixture.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);

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
