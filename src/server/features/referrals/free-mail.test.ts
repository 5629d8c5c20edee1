import { describe, expect, it } from 'vitest';
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
