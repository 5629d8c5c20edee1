import { createRequire } from 'node:module';
import { z } from 'zod';
import { domainOf, isWithinDomain } from '../../shared/email-domain.js';

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

/**
 * docs/product.md, Verification: the email's domain is one of the company's email domains or a subdomain of
 * one, and not one that hands out mailboxes to the public (a yahoo.com address does not show that someone
 * works at Yahoo).
 */
export function emailMatchesDomain(email: string, domains: string | readonly string[] | null): boolean {
  if (domains === null || isFreeMail(email)) return false;
  const of = domainOf(email);
  return (typeof domains === 'string' ? [domains] : domains).some(
    (domain) => domainOf(domain) !== '' && isWithinDomain(of, domainOf(domain)),
  );
}
