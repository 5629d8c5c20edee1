/** Query keys of the signed-in user's own profile (docs/product.md, The API, Profile). */
export const profileKeys = {
  all: ['profile'] as const,
  experiences: () => [...profileKeys.all, 'experiences'] as const,
  education: () => [...profileKeys.all, 'education'] as const,
  skills: () => [...profileKeys.all, 'skills'] as const,
  resume: () => [...profileKeys.all, 'resume'] as const,
  activeResume: () => [...profileKeys.resume(), 'active'] as const,
  settings: () => [...profileKeys.all, 'settings'] as const,
};
