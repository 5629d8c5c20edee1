/** A route parameter that is a positive integer id, else null (nothing to fetch). */
export function parseUserId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
