import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction: shared imports neither side; web never imports server; server never imports web. */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
);
