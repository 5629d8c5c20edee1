import { ApiErrorSchema } from '@shared/errors';
import { NOBODY_CAN_TAKE_TEXTS, PAYMENT_HOLD_TEXTS, REFERRAL_SUBMIT_TEXTS } from '@shared/referral-texts';
import { type CreateReferralRequestInput } from '@shared/referrals';
import { AlertTriangle, ClipboardList, Link2 } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { paths } from '@/paths';
import { useCreateReferralRequest } from './api/create-referral-request';
import { useCompanies } from './api/get-companies';
import { ReferralRequestForm, type FieldErrors } from './components/referral-request-form';
import { REQUEST_TIPS, TipsCard } from './components/tips-card';
import { readAskAgain } from './utils/ask-again';
import { readAskThroughOpening } from './utils/ask-through-opening';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';

/** The active resume as the router hands it in (the profile feature owns that call). */
export interface ActiveResumeState {
  isLoading: boolean;
  /** The applicant's own data (their active resume) could not be loaded. */
  isError?: boolean;
  fileUrl: string | null;
}

/** /request-referral (docs/product.md, Screens): the job details form, tips, and a warning when there is no resume. */
export function RequestReferralPage({
  resume,
  currentCompanyName,
}: {
  resume: ActiveResumeState;
  /** The signed-in seeker's employer, for the own-company check of docs/product.md, Validation. */
  currentCompanyName: string | null;
}) {
  const navigate = useNavigate();
  const companies = useCompanies();
  const create = useCreateReferralRequest();
  // ?companyId={id} (the company directory's links): the request goes to that company, whatever the URL says.
  const [searchParams] = useSearchParams();
  const chosenId = Number(searchParams.get('companyId'));
  const chosenCompany = companies.data?.find((c) => c.id === chosenId) ?? null;
  // 'Ask again' on a withdrawn request: the form starts with what it asked (issue 46 item 9).
  const { state } = useLocation();
  const again = readAskAgain(state);
  // 'Ask for a referral' on an opening (issue 49 item 2): the form starts with the opening's posting.
  const opening = again ? undefined : readAskThroughOpening(state);
  const initial =
    again ??
    (opening && { jobUrl: opening.jobUrl, position: opening.title, companyName: opening.companyName });

  async function submit(input: CreateReferralRequestInput): Promise<FieldErrors | undefined> {
    // The request names the opening only while it asks for the opening's own posting: another URL is
    // another job, which goes to matching as any request does.
    const through = opening && input.jobUrl.trim() === opening.jobUrl ? { openingId: opening.id } : {};
    try {
      const result = await create.mutateAsync({ ...input, ...through });
      toast({
        title: REFERRAL_SUBMIT_TEXTS.success,
        // A message that offers money holds the request for our team first (issue 25 item 6).
        description:
          result.status === 'held'
            ? PAYMENT_HOLD_TEXTS.requestHeld
            : result.declinedBefore
              ? `${NOBODY_CAN_TAKE_TEXTS.nobody(result.company.name)} ${NOBODY_CAN_TAKE_TEXTS.waysForward}`
              : result.noReferrers
                ? REFERRAL_SUBMIT_TEXTS.noReferrers
                : REFERRAL_SUBMIT_TEXTS.sent,
      });
      navigate(paths.dashboard);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        toast({ variant: 'destructive', title: 'Error', description: REFERRAL_SUBMIT_TEXTS.unexpected });
        return undefined;
      }
      const body = parseErrorBody(error.body);
      toast({
        variant: 'destructive',
        title: REFERRAL_SUBMIT_TEXTS.failed,
        description: body?.error ?? (error.body || REFERRAL_SUBMIT_TEXTS.failedFallback),
      });
      return body?.fieldErrors;
    }
  }

  return (
    <PageMain className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Request a Referral"
        text="Paste the job posting and we'll connect you with an employee who can refer you."
        linksLabel="Referral pages"
        links={
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.myReferrals}>
              <ClipboardList aria-hidden="true" />
              My Referrals
            </Link>
          </Button>
        }
      />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-4">
          {resume.isError ? (
            <ApplicantUnavailable />
          ) : (
            !resume.isLoading && !resume.fileUrl && <NoResumeWarning />
          )}
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Link2 className="text-primary size-5" aria-hidden="true" />
                <h2>Job details</h2>
              </CardTitle>
              <CardDescription>
                {again
                  ? 'Asking again: the details of your earlier request are filled in. Check them and send.'
                  : opening
                    ? `Asking through ${opening.referrerFirstName}'s opening: the request goes to ${opening.referrerFirstName} first, when they can take it now. Check the details and send.`
                    : 'We detect the company from the job URL. A specific posting works best.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ReferralRequestForm
                initial={initial}
                chosenCompany={chosenCompany}
                companies={companies.data ?? []}
                resumeLink={resume.fileUrl}
                currentCompanyName={currentCompanyName}
                submitting={create.isPending}
                onSubmit={submit}
              />
            </CardContent>
          </Card>
        </div>
        <TipsCard tips={REQUEST_TIPS} />
      </div>
    </PageMain>
  );
}

/** docs/product.md, Screens: the applicant's data (their resume) could not be loaded; the request may still be sent. */
function ApplicantUnavailable() {
  return (
    <div
      role="alert"
      data-testid="applicant-unavailable"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">Applicant information unavailable</p>
        <p>
          We could not load your resume just now. You can still send the request, or try again in a moment.
        </p>
      </div>
    </div>
  );
}

function NoResumeWarning() {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">You haven&apos;t uploaded a resume yet</p>
        <p>Referrers read your resume before they refer you. Requests with a resume get answered faster.</p>
        <Link to={paths.profileEdit} className="font-medium underline underline-offset-4">
          Upload your resume in your profile
        </Link>
      </div>
    </div>
  );
}

function parseErrorBody(body: string) {
  try {
    const parsed = ApiErrorSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON: the raw body is the message
  }
}
