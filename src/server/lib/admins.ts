/**
 * Issue 25 item 1: an admin is a user whose signed-in email is on ADMIN_EMAILS (lower-cased by the config).
 * The email comes from the identity provider at sign-in and no API route writes it, so nobody can make
 * themselves an admin through the API.
 */
export function isAdmin(adminEmails: readonly string[], user: { email: string } | null): boolean {
  return user !== null && adminEmails.includes(user.email.trim().toLowerCase());
}
