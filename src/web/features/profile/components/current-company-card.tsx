import type { User } from '@shared/auth';
import { CurrentCompanyInputSchema } from '@shared/profile';
import { Building2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CompanyField } from '@/components/company-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useUpdateCurrentCompany } from '../api/update-current-company';
import { useUpdateNotWorking } from '../api/update-not-working';
import { COMPANY_SAVE_FAILED, NOT_WORKING_LABEL } from './company-prompt';
import { BusyIcon } from '@/components/busy-icon';

/** Account Settings: change where you work later, or say you are not working (docs/decisions/021-account-settings.md). */
export function CurrentCompanyCard({ user }: { user: User }) {
  const titleId = useId();
  const [name, setName] = useState(user.currentCompanyName ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateCurrentCompany(user.id);
  const notWorking = useUpdateNotWorking(user.id);
  const saving = update.isPending || notWorking.isPending;
  const unchanged = name.trim() === (user.currentCompanyName ?? '');
  const message = invalid ?? (update.isError || notWorking.isError ? COMPANY_SAVE_FAILED : null);

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (saving) return;
    const parsed = CurrentCompanyInputSchema.safeParse({ companyName: name });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? COMPANY_SAVE_FAILED);
      return;
    }
    notWorking.reset();
    update.mutate(parsed.data.companyName, {
      onSuccess: (saved) => {
        setName(saved.currentCompanyName ?? '');
        toast({
          title: 'Company updated',
          description: `Your current company is ${saved.currentCompanyName}.`,
        });
      },
    });
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="text-primary size-5" aria-hidden="true" />
          <h2 id={titleId}>Current company</h2>
        </CardTitle>
        <CardDescription>
          {user.currentCompanyName
            ? `You work at ${user.currentCompanyName}. Changed jobs? Referrals you give follow your company.`
            : user.notWorking
              ? "You said you're not working right now. Add your company when that changes."
              : 'Knowing your current employer lets us match you with the right referrers.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} noValidate className="grid gap-3">
          <CompanyField
            value={name}
            onChange={(next) => {
              setName(next);
              setInvalid(null);
              update.reset();
              notWorking.reset();
            }}
            onEnter={() => save()}
            disabled={saving}
            message={message}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving || unchanged || name.trim() === ''}>
              <BusyIcon busy={update.isPending} />
              {update.isPending ? 'Saving...' : 'Save company'}
            </Button>
            {!user.notWorking && (
              <Button
                type="button"
                variant="outline"
                disabled={saving}
                onClick={() => {
                  update.reset();
                  notWorking.mutate(true, { onSuccess: () => setName('') });
                }}
              >
                {NOT_WORKING_LABEL}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
