import type { User } from '@shared/auth';

/**
 * Whether the dashboard may ask "Where do you work?" (docs/product.md, Flows and statuses, Company prompt): only a user without a
 * current company who has not said they are not working (docs/decisions/021-account-settings.md), and never on the session's
 * first dashboard visit. The prompt itself then waits for an empty experience list.
 */
export function mayAskForCompany(user: User, isFirstVisit: boolean): boolean {
  return user.currentCompanyName === null && !user.notWorking && !isFirstVisit;
}
