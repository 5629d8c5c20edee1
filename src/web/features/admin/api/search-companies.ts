import { AdminCompanyListSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/** GET /api/admin/companies?q=: the companies found; like the user search, it keeps the last answer shown. */
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
