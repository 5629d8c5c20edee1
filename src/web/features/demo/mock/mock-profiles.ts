/** The demo's mock profiles (docs/product.md, Data): shown in the referrer demo's profile modal. */
export interface MockExperience {
  title: string;
  company: string;
  startDate: string;
  endDate: string | null;
  description: string;
}

export interface MockEducation {
  school: string;
  degree: string;
  startDate: string;
  endDate: string | null;
}

export interface MockProfile {
  headline: string;
  experiences: MockExperience[];
  education: MockEducation[];
  skills: string[];
}

const MOCK_PROFILES: Readonly<Record<number, MockProfile>> = {
  1: {
    headline: 'Backend engineer moving into infrastructure',
    experiences: [
      {
        title: 'Software Engineer',
        company: 'Walmart',
        startDate: '2021-04-01',
        endDate: null,
        description: 'Builds the order routing services behind same-day delivery.',
      },
      {
        title: 'Junior Developer',
        company: 'Shopline',
        startDate: '2019-07-01',
        endDate: '2021-03-01',
        description: 'Maintained the checkout API and its payment integrations.',
      },
    ],
    education: [
      {
        school: 'University of Texas at Austin',
        degree: 'BSc Computer Science',
        startDate: '2015-09-01',
        endDate: '2019-05-01',
      },
    ],
    skills: ['Go', 'Kubernetes', 'PostgreSQL', 'Distributed systems'],
  },
  2: {
    headline: 'Product designer focused on accessible interfaces',
    experiences: [
      {
        title: 'Product Designer',
        company: 'Brightpath Studio',
        startDate: '2020-02-01',
        endDate: null,
        description: 'Leads design for a banking app used by two million people.',
      },
    ],
    education: [
      {
        school: 'Rhode Island School of Design',
        degree: 'BFA Graphic Design',
        startDate: '2014-09-01',
        endDate: '2018-05-01',
      },
    ],
    skills: ['Figma', 'Design systems', 'User research', 'WCAG'],
  },
};

const EMPTY_PROFILE: MockProfile = { headline: '', experiences: [], education: [], skills: [] };

export function mockProfile(userId: number): MockProfile {
  return MOCK_PROFILES[userId] ?? EMPTY_PROFILE;
}
