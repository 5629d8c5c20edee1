import type { User } from '@shared/auth';
import { CurrentCompanyInputSchema } from '@shared/profile';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CompanyField } from '@/components/company-field';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useUpdateCurrentCompany } from '@/features/profile/api/update-current-company';
import { useUpdateUserSettings } from '@/features/profile/api/user-settings';
import { ReferralLoadForm } from '@/features/profile/components/referral-load-form';
import { useUpdateWillingness } from '@/features/referrals/api/update-willingness';
import { useVerificationStatus } from '@/features/referrals/api/verification';
import { InviteCard } from '@/features/referrals/components/invite-card';
import { MyOpeningsCard } from '@/features/referrals/components/my-openings-card';
import { ReferrersWanted } from '@/features/referrals/companies-page';
import { WorkEmailVerification } from '@/features/referrals/components/verification-badge';
import { paths } from '@/paths';
import { BusyIcon } from '@/components/busy-icon';

export const REFER_STEPS = ['Your company', 'Work email', 'Your requests'] as const;

/**
 * /refer (issue 25 item 9): 'Refer people at your company' in three short steps: the company, the work-email
 * verification, then willingness with the monthly cap and the pause; done leads to the dashboard. The
 * verification needs a referrer record, which willingness makes: someone who offers referrals for the first
 * time verifies right after step 3 instead (or skips it; 'Pending Verification' stays on their dashboard).
 * `?company=` fills in the company for someone who has none yet (an invitation's link sends them here so),
 * and a willing referrer finds their invitation link and their openings below the steps.
 */
export function ReferFlowPage({ user }: { user: User }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [verifyLater, setVerifyLater] = useState(false);
  const done = () => navigate(paths.dashboard);
  return (
    <PageMain className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Refer people at your company"
        text="Three short steps: where you work, your work email, and how many requests you take."
      />
      <ol aria-label="Steps" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {REFER_STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={i === step ? 'font-semibold' : 'text-muted-foreground'}
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      {step === 0 && <CompanyStep user={user} onNext={() => setStep(1)} />}
      {step === 1 && (
        <VerifyStep
          onNext={(later) => {
            setVerifyLater(later);
            setStep(2);
          }}
        />
      )}
      {step === 2 && <LoadStep user={user} onNext={() => (verifyLater ? setStep(3) : done())} />}
      {step === 3 && <VerifyStep last onNext={done} />}
      <div className="mt-6 grid gap-4">
        <InviteCard willing={user.willingToGiveReferrals} />
        <MyOpeningsCard willing={user.willingToGiveReferrals} />
      </div>
      <ReferrersWanted />
    </PageMain>
  );
}

function StepCard({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function CompanyStep({ user, onNext }: { user: User; onNext: () => void }) {
  // An invitation's link brings the inviter's company (issue 49 item 3); a company of their own comes first.
  const [invitedTo] = useSearchParams();
  const [name, setName] = useState(user.currentCompanyName ?? invitedTo.get('company')?.trim() ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateCurrentCompany(user.id);

  function next(event?: FormEvent) {
    event?.preventDefault();
    const parsed = CurrentCompanyInputSchema.safeParse({ companyName: name });
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? 'Enter the company you work for.');
      return;
    }
    if (parsed.data.companyName === user.currentCompanyName) {
      onNext();
      return;
    }
    update.mutate(parsed.data.companyName, {
      onSuccess: onNext,
      onError: () => setMessage('Your company could not be saved. Please try again.'),
    });
  }

  return (
    <StepCard title="Your company" text="Requests reach you for jobs at the company you work for now.">
      <form onSubmit={next} noValidate className="grid gap-3">
        <CompanyField
          value={name}
          onChange={(value) => {
            setName(value);
            setMessage(null);
          }}
          onEnter={() => next()}
          disabled={update.isPending}
          message={message}
        />
        <Button type="submit" className="justify-self-start" disabled={update.isPending || !name.trim()}>
          <BusyIcon busy={update.isPending} />
          Continue
        </Button>
      </form>
    </StepCard>
  );
}

function VerifyStep({ onNext, last = false }: { onNext: (later: boolean) => void; last?: boolean }) {
  const status = useVerificationStatus();
  if (status.isPending) return <p role="status">Checking your verification...</p>;
  const companyName = status.data?.companyName ?? null;
  if (status.data?.verified && !status.data.renewable) {
    return (
      <StepCard title="Work email" text={`You are verified at ${companyName}.`}>
        <Button type="button" onClick={() => onNext(false)}>
          {last ? 'Go to the dashboard' : 'Continue'}
        </Button>
      </StepCard>
    );
  }
  if (!companyName) {
    // No referrer record yet: it comes with step 3, and the verification right after it.
    return (
      <StepCard
        title="Work email"
        text="Verified referrers get requests first. You verify with a code sent to your work email, right after the next step."
      >
        <Button type="button" onClick={() => onNext(true)}>
          Continue
        </Button>
      </StepCard>
    );
  }
  return (
    <StepCard
      title="Work email"
      text={`We send a 6-digit code to your ${companyName} address. Verified referrers get requests first.`}
    >
      <div className="grid gap-4">
        <WorkEmailVerification companyName={companyName} onDone={() => onNext(false)} />
        <Button type="button" variant="ghost" className="justify-self-start" onClick={() => onNext(false)}>
          {last ? 'Skip for now' : 'Skip this step'}
        </Button>
      </div>
    </StepCard>
  );
}

function LoadStep({ user, onNext }: { user: User; onNext: () => void }) {
  const saveSettings = useUpdateUserSettings();
  const willingness = useUpdateWillingness(user.id);
  const [willing, setWilling] = useState(true);

  return (
    <StepCard title="Your requests" text="Choose whether requests reach you, how many, and when to pause.">
      <ReferralLoadForm
        saving={saveSettings.isPending || willingness.isPending}
        submitLabel="Done"
        failed="Your choices could not be saved. Please try again."
        save={async (load) => {
          await saveSettings.mutateAsync(load);
          if (willing !== user.willingToGiveReferrals) await willingness.mutateAsync(willing);
          toast({
            title: 'All set',
            description: willing ? 'Requests at your company can now reach you.' : 'Saved.',
          });
          onNext();
        }}
      >
        <div className="flex items-start gap-3">
          <Checkbox
            id="refer-willing"
            checked={willing}
            onCheckedChange={(checked) => setWilling(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor="refer-willing" className="leading-snug">
            I am willing to give referrals for my organization
          </Label>
        </div>
      </ReferralLoadForm>
    </StepCard>
  );
}
