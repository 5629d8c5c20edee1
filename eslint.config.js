import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction: shared imports neither side; web never imports server; server never imports web. */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * Feature boundaries (bulletproof-react), the same on both sides: every folder under `<root>/features` is a
 * feature that may import only itself; shared code never imports a feature; nothing imports the composition
 * root (app.ts and app-features.ts on the server, src/web/app on the web), which joins features by passing
 * functions or components in; product code never imports `<root>/testing` nor a test-only folder; no cycles.
 * `layers` adds zones of the side's own shared code; `productZones`, zones that only product code keeps.
 */
function featureBoundaries({
  root,
  files,
  tests,
  testOnly = [],
  composition,
  shared,
  layers = [],
  featureMessage,
  productZones = [],
}) {
  const features = fs
    .readdirSync(`${root}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = [
    ...features.map((feature) => ({
      target: `./${root}/features/${feature}`,
      from: `./${root}/features`,
      except: [`./${feature}`],
      message: featureMessage,
    })),
    {
      target: [`./${root}/features`, ...shared],
      from: composition,
      message: 'The composition root joins features and shared code, never the reverse.',
    },
    { target: shared, from: `./${root}/features`, message: 'Shared code does not depend on a feature.' },
    ...layers,
  ];
  // `testing/` and the folders that hold only suites and their helpers (faults, security probes).
  const testFolders = ['testing', ...testOnly];
  const testHelpers = {
    target: `./${root}`,
    from: testFolders.map((folder) => `./${root}/${folder}`),
    message: 'Product code never imports test helpers.',
  };
  return [
    {
      files,
      plugins: { 'import-x': importX },
      settings: {
        ...importX.flatConfigs.typescript.settings,
        // Resolves '@/…' and '@shared/…' through tsconfig.json's paths, so the zones see alias imports too.
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      },
      rules: {
        'import-x/no-cycle': 'error',
        'import-x/no-restricted-paths': ['error', { zones }],
      },
    },
    {
      // A rule's options replace, not merge: product code gets the same zones plus the test-helper one.
      files,
      ignores: [...tests, ...testFolders.map((folder) => `${root}/${folder}/**`)],
      rules: {
        'import-x/no-restricted-paths': ['error', { zones: [...zones, testHelpers, ...productZones] }],
      },
    },
  ];
}

/**
 * A feature whose subfolders are modules (server/features/referrals): each owns its queries (`*-repo.ts`),
 * and another subfolder reaches them only through its functions; what several share lives in one folder
 * of its own (referrals/rows), whose files are not `*-repo.ts`. Product code only: a test may read any query.
 */
function ownQueries(feature, sharedFolder) {
  const subfolders = fs
    .readdirSync(feature, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return subfolders.map((folder) => ({
    target: `./${feature}/${folder}`,
    from: subfolders.filter((other) => other !== folder).map((other) => `./${feature}/${other}/*-repo.ts`),
    message: `A subfolder imports its own queries only: call the other subfolder's functions, or share the query in ${feature}/${sharedFolder}.`,
  }));
}

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'drizzle', '.stryker-tmp'] },
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
  ...featureBoundaries({
    root: 'src/web',
    files: ['src/web/**/*.{ts,tsx}'],
    tests: ['src/web/**/*.test.{ts,tsx}'],
    composition: './src/web/app',
    shared: ['./src/web/components', './src/web/lib', './src/web/paths.ts'],
    featureMessage: 'Features do not import each other: compose them in src/web/app instead.',
  }),
  ...featureBoundaries({
    root: 'src/server',
    files: ['src/server/**/*.ts'],
    tests: ['src/server/**/*.test.ts'],
    testOnly: ['faults', 'security'],
    composition: ['./src/server/app.ts', './src/server/app-features.ts', './src/server/main.ts'],
    shared: [
      './src/server/lib',
      './src/server/kept',
      './src/server/plugins',
      './src/server/db',
      './src/server/config.ts',
    ],
    // The database layer is the bottom of the shared code: lib/, kept/ and plugins/ read through it, never the
    // reverse.
    layers: [
      {
        target: './src/server/db',
        from: ['./src/server/lib', './src/server/kept', './src/server/plugins'],
        message: 'db/ is the bottom layer: it imports neither lib/, kept/ nor plugins/.',
      },
    ],
    featureMessage:
      'Features do not import each other: app-features.ts passes in what one needs from another.',
    productZones: ownQueries('src/server/features/referrals', 'rows'),
  }),
);
