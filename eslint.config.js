import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The walls (docs/decisions/049-one-home-per-rule-and-one-folder-per-concept.md): lib/ is pure and imports nothing of the shop's; platform/
 * knows no concept's screens or server code; a concept's pure rules (its files that are neither `*.server.ts` nor
 * under ui/) run in the browser and the server alike, so they import no server code, no platform and no screen.
 * Which concept may import which is the import-graph test's (tests/api/import-cycles.test.ts).
 */
const zones = [
  {
    target: './lib',
    from: ['./app', './domains', './platform', './server', './tests'],
    message: 'lib/ holds pure helpers: it imports nothing from app/, domains/, platform/, server/ or tests/.',
  },
  {
    target: './platform',
    from: ['./app/**', './domains/*/ui/**', './domains/**/*.server.ts', './domains/**/*.server.tsx'],
    message: "platform/ imports no concept's screens or server code: the concept uses the platform, not the reverse.",
  },
  {
    target: ['./app', './domains/*/ui'],
    from: ['./app/routes'],
    message: 'Only routes.ts names a route file.',
  },
];

const PARENT_IMPORT =
  "Import what is outside this folder from the top, with its folder's alias: '#app/…', '#domains/…', '#lib/…', " +
  "'#platform/…', '#server/…', '#scripts/…' or '#tests/…' (package.json \"imports\"), not '../'.";

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
      // import-x's own resolver (enhanced-resolve) reads package.json "imports", so the zones see through
      // `#app/…`, `#domains/…`; the legacy `node` resolver does not (docs/decisions/049-one-home-per-rule-and-one-folder-per-concept.md).
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // One import style (docs/decisions/049-one-home-per-rule-and-one-folder-per-concept.md): what is outside the folder is named from
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
    // A concept's rules (its files neither *.server.ts nor in ui/) run in the browser and on the server alike.
    files: ['domains/*/*.{ts,tsx}'],
    // tables.ts is the concept's own server-side part: Drizzle's table definitions.
    ignores: ['**/*.server.ts', '**/*.server.tsx', '**/*.test.ts', '**/*.fixture.ts', '**/tables.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `\#`: a leading # starts a comment in these gitignore-style patterns.
              group: [
                '\\#app/**',
                '\\#platform/**',
                '\\#server/**',
                '\\#domains/*/ui/**',
                '**/*.server.ts',
                '**/*.server.tsx',
                '**/tables.ts',
              ],
              message: "A concept's rules import only lib/ and other rules: no server code, platform or screen.",
            },
          ],
        },
      ],
    },
  },
  {
    // The browser's code takes only types from the server (its values would be bundled, or break the bundle).
    files: ['app/**/*.{ts,tsx}', 'domains/*/ui/**/*.{ts,tsx}'],
    // Route modules' loaders and the `*.server.ts` files they call run on the server only: React Router keeps them out
    // of the bundle (and refuses a `.server` module the browser's code would load).
    ignores: ['app/routes/**', '**/*.server.ts', '**/*.server.tsx', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#server/**', '\\#platform/**', '**/*.server.ts', '**/*.server.tsx', '**/tables.ts'],
              allowTypeImports: true,
              message: 'The browser code imports only types from server code (server/, platform/, *.server.ts, tables.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // A route module's loader may call a `*.server.ts` helper, but takes only types from server/ and platform/.
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#server/**', '\\#platform/**'],
              allowTypeImports: true,
              message: 'A route module imports only types from server/ and platform/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The packages a process needs only for a picture, a PDF, a bank's workbook or images kept in S3 are imported where
    // they are first used (await import): at start they would hold some 65 MB of a small shop's memory for nothing
    // (docs/decisions/514-embedded-database-memory.md).
    files: ['server/**/*.ts', 'platform/**/*.ts', 'domains/**/*.server.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['sharp', 'exceljs', 'pdfkit', 'fontkit', '@aws-sdk/client-s3'].map((name) => ({
            name,
            allowTypeImports: true,
            message: `Load ${name} where it is first used, with await import('${name}'), not when the server starts.`,
          })),
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
    files: ['app/**/*.tsx', 'domains/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
