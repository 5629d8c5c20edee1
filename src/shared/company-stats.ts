import type { CompanyStats } from './companies.js';

/** 'within 5 hours' below two days, 'within 3 days' from then on (rounded up: 'within' must hold). */
export function formatResponseTime(hours: number): string {
  if (hours < 48) {
    const n = Math.max(1, Math.ceil(hours));
    return `within ${n} ${n === 1 ? 'hour' : 'hours'}`;
  }
  return `within ${Math.ceil(hours / 24)} days`;
}

/**
 * The line the request form and the seeker's card show about a company's referrers:
 * 'Referrers at Stripe answer 8 in 10 requests, usually within 2 days'. Without enough answers to say
 * that, only how many referrers there are ('3 referrers at Stripe'), and nothing when there are none.
 */
export function companyStatsSentence(companyName: string, stats: CompanyStats): string | null {
  if (stats.responseRate !== null) {
    const inTen = Math.round(stats.responseRate * 10);
    const rate = inTen === 0 ? 'fewer than 1 in 10' : `${inTen} in 10`;
    const time =
      stats.medianResponseHours === null ? '' : `, usually ${formatResponseTime(stats.medianResponseHours)}`;
    return `Referrers at ${companyName} answer ${rate} requests${time}`;
  }
  if (stats.referrers === 0) return null;
  return `${stats.referrers} ${stats.referrers === 1 ? 'referrer' : 'referrers'} at ${companyName}`;
}
