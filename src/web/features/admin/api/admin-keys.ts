/** The console's query keys (issue 25); every admin write refreshes everything under `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  reports: ['admin', 'reports'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  companies: (q: string) => ['admin', 'companies', q] as const,
  audit: ['admin', 'audit'] as const,
  // What a report links to (issue 46 item 9): one user's and one request's view.
  user: (id: number) => ['admin', 'user', id] as const,
  request: (id: number) => ['admin', 'request', id] as const,
  queueCounts: ['admin', 'queue-counts'] as const,
  // What payment offers held (issue 25 item 6).
  heldRequests: ['admin', 'held-requests'] as const,
  heldMessages: ['admin', 'held-messages'] as const,
  // Where referrers are missing (issue 49 item 4).
  demand: ['admin', 'demand'] as const,
};

// Another admin may act at the same time: the console's lists are read again each time they are shown.
export const fresh = { staleTime: 0 } as const;
