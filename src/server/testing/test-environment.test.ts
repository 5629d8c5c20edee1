import { describe, expect, it } from 'vitest';
import { chooseChromium, testDatabaseKinds } from './test-environment.js';

describe('testDatabaseKinds', () => {
  it('runs on PGlite and PostgreSQL when TEST_DATABASE_URL is set, in CI or not', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(testDatabaseKinds({ TEST_DATABASE_URL: url })).toEqual(['pglite', 'postgres']);
    expect(testDatabaseKinds({ TEST_DATABASE_URL: url, CI: 'true' })).toEqual(['pglite', 'postgres']);
  });

  it('runs on PGlite only outside CI without TEST_DATABASE_URL', () => {
    expect(testDatabaseKinds({})).toEqual(['pglite']);
  });

  it('refuses under CI without TEST_DATABASE_URL, naming the setting', () => {
    expect(() => testDatabaseKinds({ CI: 'true' })).toThrow(/^CI=true but TEST_DATABASE_URL is not set/);
    expect(() => testDatabaseKinds({ CI: 'true', TEST_DATABASE_URL: '' })).toThrow(/TEST_DATABASE_URL/);
  });
});

describe('chooseChromium', () => {
  const only = (path: string) => (candidate: string) => candidate === path;
  const install =
    'so the browser journeys cannot run: install it (apt-get install chromium) or set CHROMIUM_PATH to its executable.';

  it('uses CHROMIUM_PATH when it names a file', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome' }, only('/opt/chrome'))).toBe('/opt/chrome');
  });

  it('uses /usr/bin/chromium by default', () => {
    expect(chooseChromium({}, only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(chooseChromium({ CHROMIUM_PATH: '' }, only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  });

  it('fails when CHROMIUM_PATH names nothing, even with a browser at the default path', () => {
    expect(() => chooseChromium({ CHROMIUM_PATH: '/opt/chrome' }, only('/usr/bin/chromium'))).toThrow(
      `CHROMIUM_PATH is /opt/chrome, but no file is there, ${install}`,
    );
  });

  it('fails without a browser, in CI and out, saying how to install one', () => {
    for (const env of [{}, { CI: 'true' }]) {
      expect(() => chooseChromium(env, () => false)).toThrow(
        `There is no Chromium at /usr/bin/chromium, ${install}`,
      );
    }
  });
});
