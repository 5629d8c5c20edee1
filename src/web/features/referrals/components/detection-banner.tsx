import { normalizeCompanyName } from '@shared/companies';
import type { CompanyDetection } from '@shared/job-url';
import { REFERRAL_REQUEST_ERRORS } from '@shared/referral-texts';
import { AlertTriangle, Building2, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type DetectionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; detection: CompanyDetection };

/**
 * What detection made of the job URL: the company, or the warning message of docs/product.md, Messages. A guess (low confidence)
 * asks the user to check it and offers `onPickAnother`; a sure detection (high or medium) says nothing more.
 * A detected name the form will not send (the Company field names another, issue 46 item 9) is not shown:
 * the line never tells another company than the one the request goes to.
 */
export function DetectionBanner({
  state,
  onPickAnother,
  sending = null,
}: {
  state: DetectionState;
  onPickAnother?: () => void;
  /** The company the form would send now, when it knows one. */
  sending?: { name: string } | null;
}) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <Banner tone="info" icon={<Loader2 className="animate-spin" />}>
        Detecting the company from the job URL...
      </Banner>
    );
  }
  if (state.status === 'error') {
    return (
      <Banner tone="warning" icon={<AlertTriangle />}>
        Company information unavailable
      </Banner>
    );
  }
  const { companyName, confidence, message } = state.detection;
  const unused =
    companyName !== null &&
    sending !== null &&
    normalizeCompanyName(sending.name) !== normalizeCompanyName(companyName);
  // Nothing to say: no empty box takes a place in the form.
  if (unused && !message) return null;
  return (
    <div className="grid gap-2">
      {companyName && !unused && (
        <Banner tone="success" icon={<Building2 />}>
          <span>
            Company detected: <strong>{companyName}</strong>
          </span>
          {confidence === 'low' && (
            <span className="text-xs">
              Check this is the right company.{' '}
              {onPickAnother && (
                <button
                  type="button"
                  onClick={onPickAnother}
                  className="cursor-pointer font-medium underline underline-offset-4"
                >
                  Pick another company
                </button>
              )}
            </span>
          )}
        </Banner>
      )}
      {(message || !companyName) && (
        <Banner tone="warning" icon={<AlertTriangle />}>
          {message ?? REFERRAL_REQUEST_ERRORS.companyUnknown}
        </Banner>
      )}
    </div>
  );
}

const TONES = {
  info: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100',
  success:
    'border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
};

function Banner({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid="company-detection"
      className={cn('flex items-start gap-2 rounded-md border px-3 py-2 text-sm [&>svg]:size-4', TONES[tone])}
    >
      <span className="mt-0.5 shrink-0 [&>svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">{children}</div>
    </div>
  );
}
