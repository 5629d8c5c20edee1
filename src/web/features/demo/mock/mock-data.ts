import type { CompanySummary } from '@shared/companies';
import type { ReferralStatus } from '@shared/referral-status';

/**
 * The demo pages' sample data (docs/product.md, Demo pages). It lives in the browser only: nothing here is
 * read from or written to the real API or database.
 */
export type MockRole = 'job_seeker' | 'referrer';

export interface MockUser {
  id: number;
  fullName: string;
  email: string;
  role: MockRole;
  profilePicture: string | null;
  /** The company the user works at now (a seeker may have one too), or null. */
  currentCompanyId: number | null;
}

export interface MockReferrer {
  userId: number;
  companyId: number;
  position: string;
  department: string;
  isVerified: boolean;
  startDate: string;
  /** Pending or accepted referrals this referrer holds now. */
  openReferrals: number;
}

export interface MockCompany extends CompanySummary {
  website: string;
  description: string;
}

export interface MockRequest {
  id: number;
  jobSeekerId: number;
  companyId: number;
  position: string;
  jobUrl: string;
  status: ReferralStatus;
  message: string;
  createdAt: string;
}

export interface MockReferral {
  id: number;
  requestId: number;
  referrerId: number;
  status: ReferralStatus;
  feedback: string | null;
}

/** How many open referrals one demo referrer holds at most. */
export const MOCK_REFERRER_CAPACITY = 5;

/** The sample id map of docs/product.md, Demo pages: 200 search engine, 201 social media, 202–204 technology and retail. */
export const MOCK_COMPANIES: readonly MockCompany[] = [
  { id: 200, name: 'Google', website: 'https://careers.google.com', description: 'Search engine company' },
  {
    id: 201,
    name: 'Meta',
    website: 'https://www.metacareers.com',
    description: 'Social media company (formerly Facebook)',
  },
  { id: 202, name: 'Microsoft', website: 'https://careers.microsoft.com', description: 'Technology company' },
  {
    id: 203,
    name: 'Amazon',
    website: 'https://www.amazon.jobs',
    description: 'Technology and retail company (every referrer at capacity)',
  },
  { id: 204, name: 'Walmart', website: 'https://careers.walmart.com', description: 'Retail company' },
];

export const MOCK_USERS: readonly MockUser[] = [
  {
    id: 1,
    fullName: 'Alex Morgan',
    email: 'alex.morgan@example.com',
    role: 'job_seeker',
    profilePicture: null,
    currentCompanyId: 204,
  },
  {
    id: 2,
    fullName: 'Jordan Lee',
    email: 'jordan.lee@example.com',
    role: 'job_seeker',
    profilePicture: null,
    currentCompanyId: null,
  },
  {
    id: 3,
    fullName: 'Priya Sharma',
    email: 'priya.sharma@example.com',
    role: 'referrer',
    profilePicture: null,
    currentCompanyId: 200,
  },
  {
    id: 4,
    fullName: 'Marcus Chen',
    email: 'marcus.chen@example.com',
    role: 'referrer',
    profilePicture: null,
    currentCompanyId: 201,
  },
  {
    id: 5,
    fullName: 'Sofia Garcia',
    email: 'sofia.garcia@example.com',
    role: 'referrer',
    profilePicture: null,
    currentCompanyId: 202,
  },
  {
    id: 6,
    fullName: 'Daniel Kim',
    email: 'daniel.kim@example.com',
    role: 'referrer',
    profilePicture: null,
    currentCompanyId: 203,
  },
  {
    id: 7,
    fullName: 'Emma Wilson',
    email: 'emma.wilson@example.com',
    role: 'referrer',
    profilePicture: null,
    currentCompanyId: 204,
  },
];

export const MOCK_REFERRERS: readonly MockReferrer[] = [
  {
    userId: 3,
    companyId: 200,
    position: 'Senior Software Engineer',
    department: 'Engineering',
    isVerified: true,
    startDate: '2019-03-01',
    openReferrals: 2,
  },
  {
    userId: 4,
    companyId: 201,
    position: 'Product Manager',
    department: 'Product',
    isVerified: false,
    startDate: '2021-06-14',
    openReferrals: 1,
  },
  {
    userId: 5,
    companyId: 202,
    position: 'Engineering Manager',
    department: 'Cloud + AI',
    isVerified: true,
    startDate: '2017-09-18',
    openReferrals: 1,
  },
  {
    userId: 6,
    companyId: 203,
    position: 'Software Development Engineer II',
    department: 'Retail Systems',
    isVerified: true,
    startDate: '2020-01-06',
    openReferrals: MOCK_REFERRER_CAPACITY,
  },
  {
    userId: 7,
    companyId: 204,
    position: 'Data Analyst',
    department: 'Supply Chain',
    isVerified: true,
    startDate: '2022-02-21',
    openReferrals: 0,
  },
];

export const MOCK_REQUESTS: readonly MockRequest[] = [
  {
    id: 1001,
    jobSeekerId: 1,
    companyId: 201,
    position: 'Software Engineer, Infrastructure',
    jobUrl: 'https://www.metacareers.com/jobs/1234567890/',
    status: 'pending',
    message: 'I have five years of distributed systems experience and would love a referral.',
    createdAt: '2025-03-02T10:15:00.000Z',
  },
  {
    id: 1002,
    jobSeekerId: 2,
    companyId: 200,
    position: 'Product Designer',
    jobUrl: 'https://careers.google.com/jobs/results/98765-product-designer',
    status: 'pending',
    message: 'My portfolio focuses on accessible search experiences.',
    createdAt: '2025-03-05T16:40:00.000Z',
  },
  {
    id: 1003,
    jobSeekerId: 1,
    companyId: 202,
    position: 'Data Scientist',
    jobUrl: 'https://careers.microsoft.com/us/en/job/1698765/Data-Scientist',
    status: 'accepted',
    message: '',
    createdAt: '2025-02-20T09:00:00.000Z',
  },
  {
    id: 1004,
    jobSeekerId: 2,
    companyId: 200,
    position: 'Site Reliability Engineer',
    jobUrl: 'https://careers.google.com/jobs/results/55555-site-reliability-engineer',
    status: 'pending',
    message: 'Happy to share more about my on-call experience.',
    createdAt: '2025-03-08T12:30:00.000Z',
  },
];

export const MOCK_REFERRALS: readonly MockReferral[] = [
  { id: 501, requestId: 1001, referrerId: 4, status: 'pending', feedback: null },
  { id: 502, requestId: 1002, referrerId: 3, status: 'pending', feedback: null },
  {
    id: 503,
    requestId: 1003,
    referrerId: 5,
    status: 'accepted',
    feedback: 'Strong background; I will submit this week.',
  },
  { id: 504, requestId: 1004, referrerId: 3, status: 'pending', feedback: null },
];

export function mockCompany(id: number): MockCompany | undefined {
  return MOCK_COMPANIES.find((c) => c.id === id);
}

export function mockUser(id: number): MockUser | undefined {
  return MOCK_USERS.find((u) => u.id === id);
}

export function mockReferrer(userId: number): MockReferrer | undefined {
  return MOCK_REFERRERS.find((r) => r.userId === userId);
}
