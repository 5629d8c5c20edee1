import { AdminCompanySchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** PUT /api/admin/companies/{id}: the domains whose addresses verify at this company. */
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
