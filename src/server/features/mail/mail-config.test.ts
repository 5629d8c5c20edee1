import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

describe('mail configuration', () => {
  const secret = 'x'.repeat(40);

  it('defaults to the outbox, the product sender, and /dev-mail outside production', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'ReferBridge <no-reply@referbridge.app>',
      devOutbox: true,
    });
  });

  it('takes an smtp:// or smtps:// SMTP_URL and a MAIL_FROM address', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'hi@example.com',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      from: 'hi@example.com',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com' }).mail.smtpUrl).toBe(
      'smtps://mail.example.com',
    );
    expect(loadConfig({ MAIL_FROM: 'Team <team@example.com>' }).mail.from).toBe('Team <team@example.com>');
  });

  it('refuses other URLs and non-addresses in one line', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /^Invalid configuration: SMTP_URL /,
    );
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/^Invalid configuration: MAIL_FROM /);
    expect(() => loadConfig({ MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
  });

  it('mounts /dev-mail in production only with ALLOW_DEV_IDP=true', () => {
    const oidc = { OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' };
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, ...oidc }).mail.devOutbox).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, ALLOW_DEV_IDP: 'true' }).mail.devOutbox,
    ).toBe(true);
  });
});
