import { apiPath } from '@shared/api-routes';
import type { ActivityCategory } from '@shared/activity';
import { analytics } from './analytics';
import { analyticsEventName } from './analytics-events';
import { apiRequest } from './api';

/**
 * Stores a record of what the user did in the activity log only (docs/product.md, The API). Fire and
 * forget: a lost record must never get in the way of what the user is doing, so failures are dropped.
 */
export function recordActivity(
  category: ActivityCategory,
  action: string,
  details: Record<string, unknown> = {},
): void {
  apiRequest(apiPath('recordActivity'), { method: 'POST', data: { category, action, details } }).catch(
    () => {},
  );
}

/**
 * Records what the user did and reports it as an analytics event of the same name and category (docs/product.md,
 * Data: the analytics vocabulary); the adapter forwards no ids or text from `details`.
 */
export function logActivity(
  category: ActivityCategory,
  action: string,
  details: Record<string, unknown> = {},
): void {
  recordActivity(category, action, details);
  analytics.event(analyticsEventName(category, action), category, details);
}
