import {
  AdminAuditPageSchema,
  AdminCompanyListSchema,
  AdminCompanySchema,
  AdminQueueCountsSchema,
  AdminUserListSchema,
  AdminUserSchema,
  ADMIN_AUDIT_PAGE_SIZE,
  ADMIN_QUEUE_PAGE_SIZE,
  type AdminAuditEntry,
  type AdminQueuePage,
} from '@shared/admin';
import { AdminRequestViewSchema, AdminUserViewSchema } from '@shared/admin-views';
import { apiPath } from '@shared/api-routes';
import { AdminReportListSchema, AdminReportSchema, type ResolveReportInput } from '@shared/reports';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest } from '@/lib/api';

/** The console's reads and writes (issue 25); every admin write refreshes what it may have changed. */
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
  // What payment offers held (issue 25 item 6): held-requests.ts and held-messages.ts.
  heldRequests: ['admin', 'held-requests'] as const,
  heldMessages: ['admin', 'held-messages'] as const,
};

// Another admin may act at the same time: the console's lists are read again each time they are shown.
export const fresh = { staleTime: 0 } as const;

/**
 * A queue of the console (open reports, held requests, held messages), oldest first, a page of
 * ADMIN_QUEUE_PAGE_SIZE at a time; a full page means there may be more (issue 26). After a write TanStack
 * reads every loaded page again from the first, each after the last item of the fresh page before it, so
 * the admin keeps as many items in view and a reviewed one simply drops out.
 */
export const queueQuery = <Item extends { id: number }>(
  queryKey: readonly string[],
  getPage: (page: AdminQueuePage) => Promise<Item[]>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getPage({ limit: ADMIN_QUEUE_PAGE_SIZE, after: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: Item[]) => (page.length < ADMIN_QUEUE_PAGE_SIZE ? undefined : page.at(-1)?.id),
    ...fresh,
  });

/** GET /api/admin/reports: a page of the open reports, oldest first. */
export async function getReportQueue(page: AdminQueuePage) {
  return AdminReportListSchema.parse(await apiGet(apiPath('adminReports'), { ...page }));
}

export const reportQueueQuery = queueQuery(adminKeys.reports, getReportQueue);

/** GET /api/admin/queue-counts: how many items wait in each queue, all pages together. */
export const queueCountsQuery = queryOptions({
  queryKey: adminKeys.queueCounts,
  queryFn: async () => AdminQueueCountsSchema.parse(await apiGet(apiPath('adminQueueCounts'))),
  ...fresh,
});

/**
 * The searches keep showing the last answer while the next one loads: a row stays mounted (and a dialog
 * opened from it stays open) when the admin acts on it before typing has paused.
 */
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: async () => AdminUserListSchema.parse(await apiGet(apiPath('adminUsers'), { q })),
    placeholderData: keepPreviousData,
    ...fresh,
  });

/** GET /api/admin/users/{id}: one user, their requests and referrals, and the reports about them. */
export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: async () => AdminUserViewSchema.parse(await apiGet(apiPath('adminUser', { id }))),
    retry: false,
    ...fresh,
  });

/** GET /api/admin/requests/{id}: one request, its referrals with their referrers, and its timeline. */
export const adminRequestQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.request(id),
    queryFn: async () => AdminRequestViewSchema.parse(await apiGet(apiPath('adminRequest', { id }))),
    retry: false,
    ...fresh,
  });

export const companySearchQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.companies(q),
    queryFn: async () => AdminCompanyListSchema.parse(await apiGet(apiPath('adminCompanies'), { q })),
    placeholderData: keepPreviousData,
    ...fresh,
  });

/** The company with this id ('#9' to the search), or none: what a merge would fold a company into. */
export const companyByIdQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.companies(`#${id}`),
    queryFn: async () =>
      AdminCompanyListSchema.parse(await apiGet(apiPath('adminCompanies'), { q: `#${id}` })).find(
        (company) => company.id === id,
      ) ?? null,
    ...fresh,
  });

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: async ({ pageParam }) =>
      AdminAuditPageSchema.parse(
        await apiGet(apiPath('adminAudit'), { limit: ADMIN_AUDIT_PAGE_SIZE, before: pageParam }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: AdminAuditEntry[]) =>
      page.length < ADMIN_AUDIT_PAGE_SIZE ? undefined : page.at(-1)?.id,
    ...fresh,
  });
}

/**
 * An admin write; every list is read again after it. A failure is the server's sentence: in a toast, or
 * `inDialog`, where the dialog that asked shows it beside what was typed.
 */
export function useAdminWrite<Input, Output>(
  write: (input: Input) => Promise<Output>,
  done: (output: Output) => string,
  { inDialog = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (output) => toast({ title: 'Done', description: done(output) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { silent: inDialog },
  });
}

const inDialog = { inDialog: true };

export const useResolveReport = () =>
  useAdminWrite(
    async ({ id, ...input }: ResolveReportInput & { id: number }) =>
      AdminReportSchema.parse(
        await apiRequest(apiPath('resolveReport', { id }), { method: 'POST', data: input }),
      ),
    () => 'The report is resolved.',
    inDialog,
  );

export const useSuspendUser = () =>
  useAdminWrite(
    async ({ id, reason }: { id: number; reason: string }) =>
      AdminUserSchema.parse(
        await apiRequest(apiPath('suspendUser', { id }), { method: 'POST', data: { reason } }),
      ),
    (user) => `${user.fullName} is suspended and signed out everywhere.`,
    inDialog,
  );

export const useUnsuspendUser = () =>
  useAdminWrite(
    async (id: number) =>
      AdminUserSchema.parse(await apiRequest(apiPath('unsuspendUser', { id }), { method: 'POST' })),
    (user) => `${user.fullName} may sign in again.`,
  );

export const useVerifyUser = () =>
  useAdminWrite(
    async ({ id, note }: { id: number; note: string }) =>
      AdminUserSchema.parse(
        await apiRequest(apiPath('verifyUser', { id }), { method: 'POST', data: { note } }),
      ),
    (user) => `${user.fullName} is verified${user.referrerCompany ? ` at ${user.referrerCompany}` : ''}.`,
    inDialog,
  );

/** DELETE …/verify (issue 46): a verification made by hand taken back. */
export const useUnverifyUser = () =>
  useAdminWrite(
    async (id: number) =>
      AdminUserSchema.parse(await apiRequest(apiPath('unverifyUser', { id }), { method: 'DELETE' })),
    (user) => `${user.fullName} is no longer verified.`,
  );

export const useSetEmailDomains = () =>
  useAdminWrite(
    async ({ id, emailDomains }: { id: number; emailDomains: string[] }) =>
      AdminCompanySchema.parse(
        await apiRequest(apiPath('setCompanyEmailDomains', { id }), {
          method: 'PUT',
          data: { emailDomains },
        }),
      ),
    (company) =>
      company.emailDomains.length > 0
        ? `${company.name} verifies ${company.emailDomains.map((d) => `@${d}`).join(', ')}.`
        : `${company.name} has no email domain now.`,
    inDialog,
  );

export const useMergeCompany = () =>
  useAdminWrite(
    async ({ id, intoId }: { id: number; intoId: number }) =>
      AdminCompanySchema.parse(
        await apiRequest(apiPath('mergeCompany', { id }), { method: 'POST', data: { intoId } }),
      ),
    (company) => `Merged into ${company.name}.`,
    inDialog,
  );
