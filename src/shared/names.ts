/** First word of a full name, capitalised; 'User' when there is none. */
export function firstNameOf(fullName: string | null | undefined): string {
  const first = fullName?.trim().split(/\s+/)[0];
  if (!first) return 'User';
  return first.charAt(0).toUpperCase() + first.slice(1);
}
