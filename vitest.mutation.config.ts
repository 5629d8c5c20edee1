import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Used only by StrykerJS (stryker.config.mjs): runs just the test files that guard the modules being
// mutated. The include list replaces the base one (mergeConfig would append to it).
const tests: unknown = JSON.parse(process.env.MUTATION_TESTS ?? '[]');
if (!Array.isArray(tests) || tests.length === 0) {
  throw new Error('MUTATION_TESTS is empty: run this through `npm run test:mutation`.');
}

// The hang guard's first line: a mutant that makes a test or a hook hang fails it in seconds (the focused
// tests take milliseconds to a few seconds each) rather than at the normal suite's 30 s and 60 s.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // One run of the listed files, isolated, with both setups (the projects split server from web).
    projects: undefined,
    include: tests.map(String),
    setupFiles: ['tests/setup.ts', 'tests/setup-dom.ts'],
    testTimeout: 10_000,
    hookTimeout: 20_000,
  },
});
