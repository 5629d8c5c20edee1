import type { Education, Experience } from '@shared/profile';
import { describe, expect, it } from 'vitest';
import { sortEducation, sortExperiences } from './sort-profile';

const job = (id: number, startDate: string, extra: Partial<Experience> = {}): Experience => ({
  id,
  companyName: `Company ${id}`,
  jobTitle: 'Engineer',
  startDate,
  endDate: null,
  currentlyWorking: false,
  description: null,
  order: 0,
  ...extra,
});

const school = (id: number, endDate: string | null, startDate: string | null = null): Education => ({
  id,
  instituteName: `School ${id}`,
  degree: 'BSc',
  major: 'CS',
  startDate,
  endDate,
  currentlyStudying: false,
  description: null,
  order: 0,
});

describe('sortExperiences', () => {
  it('puts the current job first, then the newest start date', () => {
    const sorted = sortExperiences([
      job(1, '2015-01-01', { endDate: '2017-01-01' }),
      job(2, '2019-05-01', { endDate: '2021-01-01' }),
      job(3, '2012-03-01', { currentlyWorking: true }),
      job(4, '2018-02-01', { endDate: '2019-01-01' }),
    ]);
    expect(sorted.map((e) => e.id)).toEqual([3, 2, 4, 1]);
  });

  it('orders several current jobs by start date and leaves the input untouched', () => {
    const input = [
      job(1, '2020-01-01', { currentlyWorking: true }),
      job(2, '2022-01-01', { currentlyWorking: true }),
    ];
    expect(sortExperiences(input).map((e) => e.id)).toEqual([2, 1]);
    expect(input.map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('sortEducation', () => {
  it('puts the newest end date first and counts a missing end date as now', () => {
    const sorted = sortEducation([
      school(1, '2010-06-01'),
      school(2, null),
      school(3, '2018-06-01'),
      school(4, '2014-06-01'),
    ]);
    expect(sorted.map((e) => e.id)).toEqual([2, 3, 4, 1]);
  });

  it('breaks ties on end date by the newest start date', () => {
    const sorted = sortEducation([school(1, null, '2015-09-01'), school(2, null, '2020-09-01')]);
    expect(sorted.map((e) => e.id)).toEqual([2, 1]);
  });
});
