/** Query keys of the admin console; one root so a review refetches every queue. */
export const adminKeys = {
  all: ['admin'] as const,
  heldRequests: () => [...adminKeys.all, 'held-requests'] as const,
  heldMessages: () => [...adminKeys.all, 'held-messages'] as const,
};
