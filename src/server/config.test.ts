import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config.js';

describe('loadConfig', () => {
  it('needs nothing: embedded database, dev sign-in, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: undefined,
      oidc: undefined,
      secureCookies: false,
      referrerCapacity: 10,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres:\/\//,
    );
    expect(() => loadConfig({ REFERRER_CAPACITY: '0' })).toThrow(/REFERRER_CAPACITY/);
    expect(() => loadConfig({ REQUESTS_PER_DAY: 'ten' })).toThrow(/REQUESTS_PER_DAY/);
    expect(() => loadConfig({ REQUESTS_PER_DAY: '0' })).toThrow(/REQUESTS_PER_DAY/);
    expect(loadConfig({}).requestsPerDay).toBe(10);
    expect(loadConfig({ REQUESTS_PER_DAY: '3' }).requestsPerDay).toBe(3);
  });

  it('wants the three OIDC variables together', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    const config = loadConfig({
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
  });

  it('in production requires a session secret and a real identity provider unless the dev one is allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    const secret = 'x'.repeat(32);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(
      /OIDC_ISSUER is required/,
    );
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, ALLOW_DEV_IDP: 'true' });
    expect(config.secureCookies).toBe(true);
  });

  it('reads ADMIN_EMAILS as a lower-cased list, and refuses it with the development sign-in in production', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Ada@Example.com, ,bo@example.org ' }).adminEmails).toEqual([
      'ada@example.com',
      'bo@example.org',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'ada@example.com,not-an-email' })).toThrow(
      /ADMIN_EMAILS.*comma-separated list of email addresses/,
    );
    const secret = 'x'.repeat(32);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: secret,
        ALLOW_DEV_IDP: 'true',
        ADMIN_EMAILS: 'ada@example.com',
      }),
    ).toThrow(/ADMIN_EMAILS cannot be set with ALLOW_DEV_IDP=true in production/);
    // Outside production the development sign-in and admins go together (tests, local trials).
    expect(loadConfig({ ALLOW_DEV_IDP: 'true', ADMIN_EMAILS: 'ada@example.com' }).adminEmails).toEqual([
      'ada@example.com',
    ]);
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://referbridge.example/' }).publicUrl).toBe(
      'https://referbridge.example',
    );
  });

  it('trusts no proxy unless TRUST_PROXY names one, even in production', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, ALLOW_DEV_IDP: 'true' }).trustProxy,
    ).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid configuration: TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('reads VERIFICATION_TTL as a duration: 365d by default, down to 1s', () => {
    expect(loadConfig({}).verificationTtlMs).toBe(365 * 24 * 3_600_000);
    expect(loadConfig({ VERIFICATION_TTL: '1s' }).verificationTtlMs).toBe(1000);
    expect(loadConfig({ VERIFICATION_TTL: '30d' }).verificationTtlMs).toBe(30 * 24 * 3_600_000);
    // A short TTL is swept often enough that its reminder, half the TTL before the lapse, is not missed.
    expect(loadConfig({ VERIFICATION_TTL: '8s' }).referralSweepIntervalMs).toBe(2000);
    expect(loadConfig({ VERIFICATION_TTL: '1s' }).referralSweepIntervalMs).toBe(1000);
    expect(() => loadConfig({ VERIFICATION_TTL: '1y' })).toThrow(
      /^Invalid configuration: VERIFICATION_TTL must be a duration such as 90s, 30m, 12h or 5d/,
    );
  });

  it('reads referral response times as durations: 5d by default, 90s, 30m, 12h accepted', () => {
    const config = loadConfig({});
    expect(config.referralResponseMs).toBe(5 * 24 * 3_600_000);
    expect(config.referralMaxHandoffs).toBe(3);
    expect(config.referralSweepIntervalMs).toBe(60_000);
    // A short response time is checked more often: a quarter of it, at least every second.
    expect(loadConfig({ REFERRAL_RESPONSE_TIME: '60s' }).referralSweepIntervalMs).toBe(15_000);
    expect(loadConfig({ REFERRAL_RESPONSE_TIME: '2s' }).referralSweepIntervalMs).toBe(1000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('30m')).toBe(1_800_000);
    expect(parseDuration(' 12H ')).toBe(43_200_000);
    expect(parseDuration('5d')).toBe(432_000_000);
    for (const bad of ['', '5', 'd', '1.5h', '-1h', '0s', '5w', '5 days'])
      expect(parseDuration(bad)).toBeUndefined();
    expect(loadConfig({ REFERRAL_RESPONSE_TIME: '4s', REFERRAL_SWEEP_INTERVAL: '1s' })).toMatchObject({
      referralResponseMs: 4000,
      referralSweepIntervalMs: 1000,
    });
    expect(() => loadConfig({ REFERRAL_RESPONSE_TIME: 'soon' })).toThrow(
      /^Invalid configuration: REFERRAL_RESPONSE_TIME must be a duration such as 90s, 30m, 12h or 5d/,
    );
    expect(() => loadConfig({ REFERRAL_MAX_HANDOFFS: 'x' })).toThrow(/REFERRAL_MAX_HANDOFFS/);
  });

  it('re-checks job postings every JOB_CHECK_INTERVAL: 24h by default, down to one second', () => {
    expect(loadConfig({}).jobCheckIntervalMs).toBe(24 * 3_600_000);
    expect(loadConfig({ JOB_CHECK_INTERVAL: '3s' }).jobCheckIntervalMs).toBe(3000);
    expect(loadConfig({ JOB_CHECK_INTERVAL: '12h' }).jobCheckIntervalMs).toBe(12 * 3_600_000);
    for (const bad of ['0s', '500ms', 'daily', '1.5h']) {
      expect(() => loadConfig({ JOB_CHECK_INTERVAL: bad })).toThrow(
        /^Invalid configuration: JOB_CHECK_INTERVAL must be a duration such as 90s, 30m, 12h or 5d/,
      );
    }
  });

  it('has each PostgreSQL listener notify itself every LISTEN_HEARTBEAT: 5s by default, 1s to 1m', () => {
    expect(loadConfig({}).listenHeartbeatMs).toBe(5000);
    expect(loadConfig({ LISTEN_HEARTBEAT: '1s' }).listenHeartbeatMs).toBe(1000);
    expect(loadConfig({ LISTEN_HEARTBEAT: '1m' }).listenHeartbeatMs).toBe(60_000);
    for (const bad of ['0s', '500ms', 'often']) {
      expect(() => loadConfig({ LISTEN_HEARTBEAT: bad })).toThrow(
        /^Invalid configuration: LISTEN_HEARTBEAT must be a duration such as 90s, 30m, 12h or 5d/,
      );
    }
    expect(() => loadConfig({ LISTEN_HEARTBEAT: '2m' })).toThrow(
      /^Invalid configuration: LISTEN_HEARTBEAT must be at most 1m/,
    );
  });

  it('erases closed requests after RETENTION_AFTER_CLOSE: 180d by default, down to one second', () => {
    expect(loadConfig({}).retentionAfterCloseMs).toBe(180 * 24 * 3_600_000);
    expect(loadConfig({ RETENTION_AFTER_CLOSE: '1s' }).retentionAfterCloseMs).toBe(1000);
    expect(() => loadConfig({ RETENTION_AFTER_CLOSE: 'forever' })).toThrow(
      /^Invalid configuration: RETENTION_AFTER_CLOSE must be a duration/,
    );
  });

  it('shares limits through REDIS_URL only when it is a redis URL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.com:6380/2' }).redisUrl).toBe(
      'rediss://cache.example.com:6380/2',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL must be a redis/);
  });

  it('caps live notification streams per user (6) and per instance (10,000), both configurable', () => {
    expect(loadConfig({})).toMatchObject({ streamsPerUser: 6, streamsMax: 10_000 });
    expect(loadConfig({ STREAMS_PER_USER: '2', STREAMS_MAX: '500' })).toMatchObject({
      streamsPerUser: 2,
      streamsMax: 500,
    });
    for (const bad of ['0', '-1', 'six', '2.5', '101']) {
      expect(() => loadConfig({ STREAMS_PER_USER: bad })).toThrow(
        /^Invalid configuration: STREAMS_PER_USER /,
      );
    }
    for (const bad of ['0', 'many', '1.5']) {
      expect(() => loadConfig({ STREAMS_MAX: bad })).toThrow(/^Invalid configuration: STREAMS_MAX /);
    }
  });

  it('serves metrics only on a METRICS_PORT of its own', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const bad of ['0', '70000', 'nine', '9464.5']) {
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(
        /^Invalid configuration: METRICS_PORT must be a port number from 1 to 65535$/,
      );
    }
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
  });

  it('reads the job fetcher settings, and refuses an allow-list entry without a port', () => {
    const defaults = loadConfig({}).jobs;
    expect(defaults).toEqual({
      fetch: 'on',
      allowedHosts: [],
      greenhouseApiUrl: 'https://boards-api.greenhouse.io',
      leverApiUrl: 'https://api.lever.co',
      ashbyApiUrl: 'https://api.ashbyhq.com',
      workableApiUrl: 'https://apply.workable.com',
    });
    const set = loadConfig({
      JOB_FETCH: 'off',
      JOB_FETCH_ALLOWED_HOSTS: 'Jobs.Intranet:8080, 127.0.0.1:4001,[::1]:9000',
      GREENHOUSE_API_URL: 'http://127.0.0.1:4001/',
    }).jobs;
    expect(set.fetch).toBe('off');
    expect(set.allowedHosts).toEqual(['jobs.intranet:8080', '127.0.0.1:4001', '::1:9000']);
    expect(set.greenhouseApiUrl).toBe('http://127.0.0.1:4001');
    for (const bad of ['jobs.intranet', 'http://x:80/path', 'a:b']) {
      expect(() => loadConfig({ JOB_FETCH_ALLOWED_HOSTS: bad })).toThrow(
        /^Invalid configuration: JOB_FETCH_ALLOWED_HOSTS must be a comma-separated list of host:port/,
      );
    }
    expect(() => loadConfig({ JOB_FETCH: 'no' })).toThrow(/^Invalid configuration: JOB_FETCH /);
    expect(() => loadConfig({ LEVER_API_URL: 'ftp://x' })).toThrow(/^Invalid configuration: LEVER_API_URL /);
  });
});
