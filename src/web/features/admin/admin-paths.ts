/**
 * The console's own addresses (issue 46 item 9): one user's and one request's view. Only the console links
 * to them, so they live here rather than in the app's route table, which every first screen loads.
 */
export const adminPaths = {
  user: (id: number | string) => `/admin/users/${id}`,
  request: (id: number | string) => `/admin/requests/${id}`,
} as const;
