import type { User } from '@shared/auth';

/** A signed-in user as /auth/status returns it, for component tests; override what a test is about. */
export const aUser = (overrides: Partial<User> = {}): User => ({
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  role: 'job_seeker',
  profilePicture: null,
  profileCompleted: false,
  bio: null,
  currentCompanyName: null,
  willingToGiveReferrals: false,
  notWorking: false,
  ...overrides,
});
