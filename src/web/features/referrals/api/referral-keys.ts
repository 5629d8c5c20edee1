/** Query keys of the referrals feature; one root so a change refetches every referral list. */
export const referralKeys = {
  all: ['referrals'] as const,
  myRequests: () => [...referralKeys.all, 'my-requests'] as const,
  incoming: () => [...referralKeys.all, 'incoming'] as const,
  thread: (referralId: number) => [...referralKeys.all, 'thread', referralId] as const,
  /** Whom the user blocked: under `all`, so a block made from a card shows in Account settings. */
  blocks: () => [...referralKeys.all, 'blocks'] as const,
  /** The companies the user watches (issue 49 item 1). */
  watches: () => ['watches'] as const,
  /** The user's invitation link and its count (issue 49 item 3): under `all`, so a joiner counted shows. */
  invite: () => [...referralKeys.all, 'invite'] as const,
  /** The referrer's bonuses (issue 50 item 5): under `all`, so a referral marked successful shows to record. */
  bonuses: () => [...referralKeys.all, 'bonuses'] as const,
  /** The willingness change in flight (a mutation's key): the server has not said yes yet. */
  willingness: () => ['willingness'] as const,
  /** Openings referrers post (issue 49 item 2): a search's pages, and a referrer's own. */
  openings: () => ['openings'] as const,
  openingsList: (q: string, companyId: number | null) => ['openings', 'list', q, companyId] as const,
  myOpenings: () => ['openings', 'mine'] as const,
  companies: () => ['companies'] as const,
  detection: (url: string) => ['companies', 'detect', url] as const,
  companyStats: (companyId: number) => ['companies', companyId, 'stats'] as const,
  directory: (q: string) => ['companies', 'directory', q] as const,
  /** 'Referrers wanted' (issue 49 item 4). */
  wanted: () => ['companies', 'wanted'] as const,
  jobPreview: (url: string) => ['jobs', 'preview', url] as const,
};
