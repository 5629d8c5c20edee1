/**
 * What the tests run against, decided from the environment in one place so that a missing setting under
 * CI fails with a sentence instead of quietly running fewer cases.
 */

type Env = Record<string, string | undefined>;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. CI must set it: CI always tests both. */
export function testDatabaseKinds(env: Env): ('pglite' | 'postgres')[] {
  if (env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (env.CI) {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set, so the PostgreSQL cases would not run. ' +
        'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (each run creates and drops its own databases there).',
    );
  }
  return ['pglite'];
}

/**
 * The browser for the journeys: CHROMIUM_PATH, else /usr/bin/chromium. Without one the journeys fail with
 * a sentence saying how to get one, in CI and out: a run that skipped them would look like a passing run.
 */
export function chooseChromium(env: Env, exists: (path: string) => boolean): string {
  const path = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (exists(path)) return path;
  const where = env.CHROMIUM_PATH
    ? `CHROMIUM_PATH is ${path}, but no file is there`
    : `There is no Chromium at ${path}`;
  throw new Error(
    `${where}, so the browser journeys cannot run: install it (apt-get install chromium) or set CHROMIUM_PATH to its executable. ` +
      'Run npm run test:unit for the other tests alone.',
  );
}
