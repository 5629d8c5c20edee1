// Mutation testing (StrykerJS): `npm run test:mutation`, or one module at a time with
// `MUTATION_MODULES=shared,referrals npm run test:mutation`. Too slow for .ci/run: see docs/quality.md.
//
// Each module names the code it mutates and the test files that are meant to guard it. Only those tests
// run (vitest.mutation.config.ts reads the list), so a score says how well a module's own tests guard it.
// A module's `staticMutants: true` keeps the mutants of code that runs once at load (module-level
// constants such as the payment rules' regular expressions): Stryker then runs all of the module's tests for
// each of them, which only fast pure tests can afford. Every other module runs with `ignoreStatic`.
const modules = {
  shared: {
    // The job-URL detection (not its URL rules), the status machine and the payment rules are modules of their own, below.
    mutate: [
      'src/shared/**/*.ts',
      '!src/shared/job-url.ts',
      '!src/shared/job-url-hosts.ts',
      '!src/shared/job-url-names.ts',
      '!src/shared/referral-status.ts',
      '!src/shared/payment-offer.ts',
    ],
    tests: ['src/shared/**/*.test.ts'],
  },
  'shared-job-url': {
    mutate: ['src/shared/job-url.ts', 'src/shared/job-url-hosts.ts', 'src/shared/job-url-names.ts'],
    tests: ['src/shared/job-url*.test.ts'],
  },
  security: {
    mutate: ['src/server/plugins/security.ts', 'src/server/plugins/request-body.ts'],
    // A bare Fastify with the plugin, no database. The app-level security suites (src/server/security,
    // hardening, hostile-input, body-tampering) build whole apps: about 50 s a mutant, so they stay out.
    tests: ['src/server/plugins/security.test.ts', 'src/server/plugins/request-body.test.ts'],
  },
  'fetch-guard': {
    mutate: ['src/server/lib/outbound-fetch.ts'],
    tests: ['src/server/lib/outbound-fetch.test.ts'],
    staticMutants: true,
  },
  // The referral status machine, the seeker's withdraw and the referrer's undo, the verification's clock.
  lifecycle: {
    mutate: [
      'src/shared/referral-status.ts',
      'src/server/features/referrals/requests/lifecycle.ts',
      'src/server/features/referrals/verification/lapse-rule.ts',
    ],
    // Static mutants run every test of the module, so only these: not src/shared/referrals.test.ts,
    // whose 4 s job-URL property would run for each.
    tests: [
      'src/shared/referral-status.test.ts',
      'src/server/features/referrals/requests/lifecycle-rules.test.ts',
      'src/server/features/referrals/verification/lapse-rules.test.ts',
    ],
    staticMutants: true,
  },
  // The admin services (issue 25), in two runs: one module of all four took 21 minutes.
  'admin-accounts': {
    mutate: ['src/server/features/admin/users/users.ts', 'src/server/features/admin/companies/companies.ts'],
    tests: ['src/server/features/admin/admin-rules.test.ts'],
  },
  'admin-held': {
    mutate: ['src/server/features/admin/held/held.ts', 'src/server/features/admin/reports/reports.ts'],
    tests: ['src/server/features/admin/admin-rules.test.ts'],
  },
  // Auth in three runs, each against the focused tests that build only the code under test.
  'auth-sessions': {
    mutate: [
      'src/server/features/auth/sessions.ts',
      'src/server/features/auth/repo.ts',
      'src/server/features/auth/session-hooks.ts',
    ],
    tests: [
      'src/server/features/auth/session-rules.test.ts',
      'src/server/features/auth/session-hooks.test.ts',
      'src/server/features/auth/signed-in-memo.test.ts',
    ],
  },
  // What a session's reads keep in memory (the bell's count, the signed-in user): its own pure tests.
  'session-memo': {
    mutate: ['src/server/kept/session-memo.ts', 'src/server/kept/change-clock.ts'],
    tests: ['src/server/kept/session-memo.test.ts'],
  },
  // The lists' times, written as toISOString writes them: its own pure tests.
  'iso-time': {
    mutate: ['src/server/lib/iso-time.ts'],
    tests: ['src/server/lib/iso-time.test.ts'],
  },
  // PostgreSQL's times read as V8 reads them: checked against V8 itself, pure tests.
  timestamptz: {
    mutate: ['src/server/db/timestamptz.ts'],
    tests: ['src/server/db/timestamptz.test.ts'],
  },
  // Prepared reads' rows, mapped as drizzle maps them: checked against drizzle itself on PGlite (and
  // PostgreSQL too when TEST_DATABASE_URL is set).
  'fast-rows': {
    mutate: ['src/server/db/fast-rows.ts'],
    tests: ['src/server/db/fast-rows.test.ts'],
  },
  'auth-routes': {
    mutate: [
      'src/server/features/auth/routes.ts',
      'src/server/features/auth/popup-page.ts',
      'src/server/features/auth/oidc-client.ts',
    ],
    tests: ['src/server/features/auth/auth-routes.test.ts', 'src/server/features/auth/oidc-client.test.ts'],
  },
  'auth-dev-idp': {
    mutate: ['src/server/features/auth/dev-idp.ts', 'src/server/features/auth/dev-idp-page.ts'],
    tests: ['src/server/features/auth/dev-idp.test.ts'],
  },
  profile: {
    mutate: [
      'src/server/features/profile/service.ts',
      'src/server/features/profile/user/user-service.ts',
      'src/server/features/profile/resume/resume-service.ts',
      'src/server/features/profile/resume/resume-file.ts',
    ],
    tests: [
      'src/server/features/profile/profile-rules.test.ts',
      'src/server/features/profile/resume/resume-file.test.ts',
    ],
  },
  // Referrals in four runs, each against the rule tests that call the services on a snapshot database.
  'referrals-requests': {
    mutate: [
      'src/server/features/referrals/requests/service.ts',
      'src/server/features/referrals/requests/daily-limit.ts',
      'src/server/features/referrals/matching/matching.ts',
    ],
    tests: [
      'src/server/features/referrals/requests/service-rules.test.ts',
      'src/server/features/referrals/matching/matching.test.ts',
    ],
  },
  'referrals-handoffs': {
    mutate: [
      'src/server/features/referrals/handoffs/handoff.ts',
      'src/server/features/referrals/handoffs/leave.ts',
      'src/server/features/referrals/handoffs/sweep.ts',
    ],
    tests: [
      'src/server/features/referrals/handoffs/handoff-rules.test.ts',
      'src/server/features/referrals/requests/list-rules.test.ts',
    ],
  },
  // The verification and willingness in two runs: one module of both took 21 minutes (the world's referrers
  // turn willing, so each willingness mutant runs every test of the rule file).
  'referrals-verification': {
    mutate: ['src/server/features/referrals/verification/verification.ts'],
    tests: ['src/server/features/referrals/verification/verification-rules.test.ts'],
  },
  'referrals-willingness': {
    mutate: ['src/server/features/referrals/matching/willingness.ts'],
    tests: [
      'src/server/features/referrals/verification/verification-rules.test.ts',
      'src/server/features/referrals/matching/email-domain.test.ts',
    ],
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
  ignoreStatic: !chosen.some((module) => module.staticMutants),
  // The hang guard: a mutant whose tests run past 1.5 × their unmutated time + 10 s counts as a timeout
  // (killed). vitest.mutation.config.ts stops a hung test or hook sooner still.
  timeoutMS: 10_000,
  timeoutFactor: 1.5,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${runName}.html` },
  jsonReporter: { fileName: `reports/mutation/${runName}.json` },
  // Anchored to the root: src/server/features/admin/reports is code.
  ignorePatterns: [
    '/dist',
    '/data',
    '/reports',
    '/coverage',
    '/test-results',
    '/screenshots',
    '/.stryker-tmp',
  ],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: `.stryker-tmp/${runName}`,
};
