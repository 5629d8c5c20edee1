import type { ActivityCategory } from '@shared/activity';
import { apiRequest } from './api';

/**
 * Records what the user did (spec section 7 'Other'). Fire and forget: a lost record must never get in the
 * way of what the user is doing, so failures are dropped.
 */
export function logActivity(
  category: ActivityCategory,
  action: string,
  details: Record<string, unknown> = {},
): void {
  apiRequest('/api/activity', { method: 'POST', data: { category, action, details } }).catch(() => {});
}
