import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPLOYERS } from '../../shared/employers.js';
import { projectRoot } from '../project-root.js';
import { isFreeMail } from './free-mail.js';

describe('isFreeMail', () => {
  it('knows the public mail providers, by address or domain, in any case and on subdomains', () => {
    for (const free of [
      'a@yahoo.com',
      'b@ZOHO.com',
      'c@gmail.com',
      'yahoo.co.jp',
      'x@mail.yahoo.com',
      ' outlook.com. ',
    ]) {
      expect(isFreeMail(free), free).toBe(true);
    }
  });

  it('leaves employers, look-alikes and empty input alone', () => {
    for (const work of [
      'a@google.com',
      'b@stripe.com',
      'c@notyahoo.com',
      'yahoo.com.evil.example',
      '',
      '@',
    ]) {
      expect(isFreeMail(work), work).toBe(false);
    }
  });
});

describe('employers whose own domain is a public mail provider', () => {
  it('are exactly those whose referrers migration 0011 took back to pending', () => {
    const migration = readFileSync(path.join(projectRoot, 'drizzle/0011_hardening_three.sql'), 'utf8');
    const listed = /"domain" IN \(([^)]*)\)/.exec(migration)?.[1] ?? '';
    const inMigration = [...listed.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    const free = EMPLOYERS.filter((e) => isFreeMail(e.domain))
      .map((e) => e.domain)
      .sort();
    expect(inMigration).toEqual(free);
  });
});
