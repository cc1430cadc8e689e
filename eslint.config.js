import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The walls: core ← components/lib ← features ← routes. core is pure, so the server and the browser share one copy of
 * each rule; a feature never imports another feature, and shared browser code never imports a feature or a route, so
 * what two features need moves down to one place instead of being reached for sideways. Why and what moved:
 * docs/decisions/046-walls-enforced-by-lint.md.
 */
const zones = [
  {
    target: './core',
    from: ['./app', './server', './tests'],
    message: 'core/ is pure: it imports nothing from app/, server/ or tests/.',
  },
  {
    target: ['./app/components', './app/lib'],
    from: ['./app/features', './app/routes'],
    message: 'Shared browser code (components, lib) must not depend on a feature or a route: move what both need down.',
  },
  { target: './app/features', from: './app/routes', message: 'A feature must not import a route file.' },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: './app/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what two features need to app/components or app/lib.',
  })),
];

const PARENT_IMPORT =
  "Import what is outside this folder from the top, with its folder's alias: '#app/…', '#core/…', '#server/…', " +
  "'#scripts/…' or '#tests/…' (package.json \"imports\"), not '../'.";

export default tseslint.config(
  { ignores: ['build/', 'dist/', '.react-router/', 'node_modules/', 'data/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'simple-import-sort': simpleImportSort },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // import-x's own resolver (enhanced-resolve) reads package.json "imports", so the zones and no-cycle see through
      // `#app/…`, `#core/…`; the legacy `node` resolver does not (docs/decisions/516-path-aliases-and-import-style.md).
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // One import style (docs/decisions/516-path-aliases-and-import-style.md): what is outside the folder is named from
      // the top with its alias, and every file with its extension, as Node resolves them.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: PARENT_IMPORT }] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^\\.\\.\\//]', message: PARENT_IMPORT },
        {
          selector: "CallExpression[callee.object.name='vi'][arguments.0.value=/^\\.\\.\\//]",
          message: PARENT_IMPORT,
        },
      ],
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }],
    },
  },
  {
    // The browser's code takes only types from the server (its values would be bundled, or break the bundle).
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `\#`: a leading # starts a comment in these gitignore-style patterns.
              group: ['\\#server/**', '**/server/**'],
              allowTypeImports: true,
              message: 'The browser code imports only types from server/.',
            },
          ],
        },
      ],
    },
  },
  {
    // In tests a wrong assumption fails the test anyway.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
