/**
 * The domain of an address, or a bare domain, as the rules compare it: trimmed, lower-case, without the
 * stray dots at either end ('Ann@Mail.Acme.com.' → 'mail.acme.com'). Empty when there is none.
 */
export function domainOf(emailOrDomain: string): string {
  return (emailOrDomain.trim().toLowerCase().split('@').at(-1) ?? '').replace(/^\.+|\.+$/g, '');
}

/** Whether `domain` is `parent` or one of its subdomains; never for an empty one. */
export function isWithinDomain(domain: string, parent: string): boolean {
  return domain !== '' && parent !== '' && (domain === parent || domain.endsWith(`.${parent}`));
}
