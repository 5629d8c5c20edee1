/** Query keys of another user's profile by id (docs/product.md, The API: viewing another user). */
export const userViewKeys = {
  all: ['user-view'] as const,
  user: (id: number) => [...userViewKeys.all, id] as const,
  detail: (id: number) => [...userViewKeys.user(id), 'detail'] as const,
  experiences: (id: number) => [...userViewKeys.user(id), 'experiences'] as const,
  education: (id: number) => [...userViewKeys.user(id), 'education'] as const,
  skills: (id: number) => [...userViewKeys.user(id), 'skills'] as const,
  activeResume: (id: number) => [...userViewKeys.user(id), 'resume', 'active'] as const,
};
