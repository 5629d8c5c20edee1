import { createRequire } from 'node:module';
import { z } from 'zod';
import { domainOf } from '../../shared/email-domain.js';

/**
 * Domains that hand out mailboxes to anyone (Gmail, Yahoo, Zoho, …), from the maintained list of the
 * `email-providers` package. An address there says nothing about where its owner works, so it never
 * verifies a referrer: not by sign-in email, not by code.
 */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set(
  z.array(z.string()).parse(createRequire(import.meta.url)('email-providers/all.json')),
);

/** Whether this address (or bare domain) belongs to a public mail provider, subdomains included. */
export function isFreeMail(emailOrDomain: string): boolean {
  const labels = domainOf(emailOrDomain).split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (FREE_MAIL_DOMAINS.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
