// Mutation testing (StrykerJS): `npm run test:mutation`, or one module at a time with
// `MUTATION_MODULES=shared,referrals npm run test:mutation`. Too slow for .ci/run: see docs/quality.md.
//
// Each module names the code it mutates and the test files that are meant to guard it. Only those tests
// run (vitest.mutation.config.ts reads the list), so a score says how well a module's own tests guard it.
const modules = {
  shared: {
    mutate: ['src/shared/**/*.ts'],
    tests: ['src/shared/**/*.test.ts'],
  },
  security: {
    mutate: ['src/server/plugins/security.ts', 'src/server/plugins/request-body.ts'],
    tests: [
      // The two fast ones (a bare Fastify, no database) are what the security rows of docs/quality.md ran.
      'src/server/plugins/security.test.ts',
      'src/server/plugins/request-body.test.ts',
      'src/server/security/*.test.ts',
      'src/server/plugins/hardening.test.ts',
      'src/server/plugins/hostile-input.test.ts',
      'src/server/body-tampering.test.ts',
    ],
  },
  auth: {
    mutate: ['src/server/features/auth/**/*.ts'],
    tests: ['src/server/features/auth/*.test.ts'],
  },
  profile: {
    mutate: ['src/server/features/profile/**/*.ts'],
    tests: ['src/server/features/profile/**/*.test.ts'],
  },
  referrals: {
    mutate: ['src/server/features/referrals/**/*.ts'],
    tests: ['src/server/features/referrals/**/*.test.ts'],
  },
};

const names = (process.env.MUTATION_MODULES ?? Object.keys(modules).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of names) {
  if (!modules[name])
    throw new Error(`Unknown mutation module "${name}"; choose from ${Object.keys(modules).join(', ')}.`);
}
const chosen = names.map((name) => modules[name]);

// The vitest runner runs in child processes that inherit this environment. MUTATION_TEST_FILES (comma
// separated) narrows a run to some test files, with `--mutate` naming the code they guard.
const testFiles = process.env.MUTATION_TEST_FILES?.split(',').filter(Boolean);
process.env.MUTATION_TESTS = JSON.stringify(testFiles ?? chosen.flatMap((module) => module.tests));
/** Each run writes its own report (reports/mutation/<modules>.html) and sandbox, so runs can sit side by side. */
const runName = process.env.MUTATION_RUN_NAME ?? names.join('-');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [...chosen.flatMap((module) => module.mutate), '!**/*.test.ts', '!**/*.test.tsx', '!**/testing/**'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${runName}.html` },
  jsonReporter: { fileName: `reports/mutation/${runName}.json` },
  ignorePatterns: ['dist', 'data', 'reports', 'coverage', 'test-results', 'screenshots', '.stryker-tmp'],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: `.stryker-tmp/${runName}`,
};
