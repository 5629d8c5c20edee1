import type { Education, Experience } from '@shared/profile';

/** Dates are stored as YYYY-MM-DD, so they compare as strings; a missing date sorts as the oldest. */
const byDateDesc = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');

/** docs/product.md, Screens: the current job first, then the newest start date. */
export function sortExperiences(items: readonly Experience[]): Experience[] {
  return [...items].sort(
    (a, b) => Number(b.currentlyWorking) - Number(a.currentlyWorking) || byDateDesc(a.startDate, b.startDate),
  );
}

// Any real end date is before this, so "still studying" wins over every finished degree.
const NOW = '9999-12-31';

/** docs/product.md, Screens: the newest end date first; a missing end date counts as now. */
export function sortEducation(items: readonly Education[]): Education[] {
  return [...items].sort(
    (a, b) => byDateDesc(a.endDate ?? NOW, b.endDate ?? NOW) || byDateDesc(a.startDate, b.startDate),
  );
}
