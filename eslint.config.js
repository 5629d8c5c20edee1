import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction: shared imports neither side; web never imports server; server never imports web. */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// Web feature boundaries: every folder under src/web/features is a feature; each may import only itself.
const webFeatures = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webBoundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in src/web/app instead.',
  })),
  {
    target: ['./src/web/features', './src/web/components', './src/web/lib', './src/web/paths.ts'],
    from: './src/web/app',
    message: 'The app composes features and shared code, never the reverse.',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/paths.ts'],
    from: './src/web/features',
    message: 'Shared web code does not depend on a feature: pass what it needs in as props.',
  },
];

// Server feature boundaries: the same rule on the server. app.ts composes features by passing functions in
// (onUserCreated, the profile view rule, the company directory); plugins and lib never reach into a feature.
const serverFeatures = fs
  .readdirSync('src/server/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverBoundaryZones = [
  ...serverFeatures.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: app.ts passes in what one needs from another.',
  })),
  {
    target: ['./src/server/features', './src/server/lib', './src/server/plugins', './src/server/db'],
    from: ['./src/server/app.ts', './src/server/main.ts'],
    message: 'app.ts composes features, never the reverse.',
  },
  {
    target: ['./src/server/lib', './src/server/plugins', './src/server/db', './src/server/config.ts'],
    from: './src/server/features',
    message: 'Shared server code does not depend on a feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a union of string literals or a zod enum.' },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(
      {
        group: ['**/server/**', '**/web/**', '@/*'],
        message: 'src/shared imports neither the server nor the web app.',
      },
      { group: ['node:*', 'pg', 'fastify', 'drizzle-orm*'], message: 'src/shared is pure: no I/O.' },
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict({ group: ['**/web/**', '@/*'], message: 'The server must not import the web app.' }),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        { group: ['**/server/**'], message: 'The web app must not import the server.' },
        { group: ['node:*'], message: 'The web app runs in the browser.' },
      ),
    },
  },
  // Web feature boundaries (bulletproof-react): shared code (components, lib, paths) -> features -> app.
  // A feature never imports another feature, and nothing imports the app; where two features meet, the
  // router or a layout in src/web/app composes them (e.g. the dashboard gets the company prompt as a prop).
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      // Resolves '@/…' and '@shared/…' through tsconfig.json's paths, so the zones see alias imports too.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones }],
    },
  },
  {
    // Product code never imports test helpers (the same zones again: a rule's options replace, not merge).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webBoundaryZones,
            {
              target: './src/web',
              from: './src/web/testing',
              message: 'Product code never imports test helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaryZones }],
    },
  },
  {
    // Product code never imports test helpers (the same zones again: a rule's options replace, not merge).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverBoundaryZones,
            {
              target: './src/server',
              from: './src/server/testing',
              message: 'Product code never imports test helpers.',
            },
          ],
        },
      ],
    },
  },
);
