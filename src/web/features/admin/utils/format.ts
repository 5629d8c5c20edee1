/** A time as the console shows it: date and minutes in the admin's locale and zone. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
