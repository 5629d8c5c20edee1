import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@shared/auth';
import { CurrentCompanyInputSchema } from '@shared/profile';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AppDialog } from '@/components/app-dialog';
import { CompanyField } from '@/components/company-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { useExperiences } from '../api/get-experiences';
import { useUpdateCurrentCompany } from '../api/update-current-company';
import { useUpdateNotWorking } from '../api/update-not-working';
import { mayAskForCompany } from '../utils/company-question';
import { BusyIcon } from '@/components/busy-icon';

export const COMPANY_SAVE_FAILED = 'Failed to update your company. Please try again.';
/** The honest answer for students and people between jobs. */
export const NOT_WORKING_LABEL = "I'm not working right now";

/**
 * The dashboard's blocking "Where do you work?" dialog (docs/product.md, Flows and statuses, Company prompt). It opens only for a
 * user without a current company, not on the first dashboard visit of the session, and only once the
 * experiences call has answered with an empty list. It cannot be dismissed; saving a company closes it.
 */
export function CompanyPrompt({ user, isFirstVisit }: { user: User; isFirstVisit: boolean }) {
  const needsCompany = mayAskForCompany(user, isFirstVisit);
  const experiences = useExperiences({ enabled: needsCompany });
  const [saved, setSaved] = useState(false);
  const open = needsCompany && !saved && experiences.isSuccess && experiences.data.length === 0;

  return (
    <AppDialog
      open={open}
      blocking
      className="sm:max-w-md"
      icon={<Building2 className="size-5" aria-hidden="true" />}
      title="We need one information"
      description="Knowing your current employer lets us match you with the right referrers."
    >
      <CompanyForm userId={user.id} onSaved={() => setSaved(true)} />
    </AppDialog>
  );
}

type CompanyFormInput = z.input<typeof CurrentCompanyInputSchema>;
type CompanyFormValues = z.output<typeof CurrentCompanyInputSchema>;

function CompanyForm({ userId, onSaved }: { userId: number; onSaved: () => void }) {
  const update = useUpdateCurrentCompany(userId);
  const notWorking = useUpdateNotWorking(userId);
  const saving = update.isPending || notWorking.isPending;
  const form = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(CurrentCompanyInputSchema),
    defaultValues: { companyName: '' },
    reValidateMode: 'onSubmit',
  });
  const blank = (useWatch({ control: form.control, name: 'companyName' }) ?? '').trim() === '';

  const submit = form.handleSubmit(({ companyName }) => {
    if (saving) return;
    update.mutate(companyName, { onSuccess: onSaved });
  });

  const error = form.formState.errors.companyName?.message;
  const message = error ?? (update.isError || notWorking.isError ? COMPANY_SAVE_FAILED : null);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Controller
          control={form.control}
          name="companyName"
          render={({ field }) => (
            <CompanyField
              labelClassName="text-base"
              value={field.value ?? ''}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors('companyName');
                update.reset();
                notWorking.reset();
              }}
              onEnter={() => void submit()}
              disabled={saving}
              message={message}
            />
          )}
        />
      </div>
      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          disabled={saving}
          className="w-full sm:w-auto"
          onClick={() => {
            update.reset();
            notWorking.mutate(true, { onSuccess: onSaved });
          }}
        >
          {NOT_WORKING_LABEL}
        </Button>
        <Button type="submit" disabled={blank || saving} className="w-full sm:w-auto">
          <BusyIcon busy={update.isPending} />
          {update.isPending ? 'Processing...' : 'Continue'}
        </Button>
      </DialogFooter>
    </form>
  );
}
