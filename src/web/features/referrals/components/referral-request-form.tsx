import { zodResolver } from '@hookform/resolvers/zod';
import type { CompanySummary } from '@shared/companies';
import {
  DETECTED_COMPANY_NAME_MAX,
  MESSAGE_MAX,
  POSITION_MAX,
  REFERRAL_FORM_TEXTS,
  REFERRAL_REQUEST_ERRORS,
} from '@shared/referral-texts';
import { type CreateReferralRequestInput, CreateReferralRequestInputSchema } from '@shared/referrals';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CompanyCombobox } from '@/components/company-combobox';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { detectCompanyQuery } from '../api/detect-company';
import { useJobPreview } from '../api/get-job-preview';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { requestCompany, useRequestCompany } from '../hooks/use-request-company';
import { AlreadyAppliedQuestion } from './already-applied-question';
import { CompanyNotes } from './company-notes';
import { DetectionBanner } from './detection-banner';
import { JobPreviewNote } from './job-preview-note';
import { CharacterCount, FormField, invalidProps } from '@/components/form-field';
import { BusyIcon } from '@/components/busy-icon';

const shape = CreateReferralRequestInputSchema.shape;

/** The shared request schema's rules for the typed fields; the company comes from detection or the picker. */
export const ReferralFormSchema = z.object({
  jobUrl: shape.jobUrl,
  position: shape.position,
  message: z.string().max(MESSAGE_MAX, REFERRAL_FORM_TEXTS.messageMax),
  companyName: z.string().trim().max(DETECTED_COMPANY_NAME_MAX),
});
type FormInput = z.input<typeof ReferralFormSchema>;
type FormValues = z.output<typeof ReferralFormSchema>;

export type FieldErrors = Partial<Record<string, string[]>>;
const FIELDS = ['jobUrl', 'position', 'message', 'companyName'] as const;
const MAX_SUGGESTIONS = 10;

/**
 * The referral request form (docs/product.md, Validation). Returns the server's field errors from `onSubmit` to show them
 * under the fields.
 */
export function ReferralRequestForm({
  companies,
  resumeLink,
  currentCompanyName,
  submitting,
  onSubmit,
  chosenCompany = null,
  initial,
}: {
  /** What the form starts with ('Ask again' on a withdrawn request); empty otherwise. */
  initial?: Partial<Record<'jobUrl' | 'position' | 'message' | 'companyName', string>>;
  /** Chosen before the form opened (/request-referral?companyId=): the company field starts with it. */
  chosenCompany?: CompanySummary | null;
  companies: readonly CompanySummary[];
  resumeLink: string | null;
  /** The seeker's employer: a request there is refused on the form already. */
  currentCompanyName: string | null;
  submitting: boolean;
  onSubmit: (input: CreateReferralRequestInput) => Promise<FieldErrors | undefined>;
}) {
  const id = useId();
  const ids = {
    jobUrl: `${id}-url`,
    position: `${id}-position`,
    message: `${id}-message`,
    company: `${id}-co`,
  };
  const queryClient = useQueryClient();
  const [alreadyApplied, setAlreadyApplied] = useState<boolean | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(ReferralFormSchema),
    defaultValues: {
      jobUrl: initial?.jobUrl ?? '',
      position: initial?.position ?? '',
      message: initial?.message ?? '',
      companyName: chosenCompany?.name ?? initial?.companyName ?? '',
    },
  });

  const messageLength = useWatch({ control, name: 'message' }).length;
  const jobUrl = useWatch({ control, name: 'jobUrl' }).trim();
  const { state, needsCompany, pickAnother, company, ownCompany, postingOverrodeChoice } = useRequestCompany({
    jobUrl,
    typedCompany: useWatch({ control, name: 'companyName' }),
    companies,
    currentCompanyName,
    chosen: chosenCompany !== null,
  });

  // The chosen company fills the company field once the company list has named it, unless something is typed.
  useEffect(() => {
    if (chosenCompany && !getValues('companyName').trim()) setValue('companyName', chosenCompany.name);
  }, [chosenCompany, getValues, setValue]);

  // The posting behind the URL (issue 23): its title fills an empty Position, once per URL, and its company
  // fills the company field when detection found none; what the seeker typed is never replaced.
  const previewUrl = useDebouncedValue(jobUrl);
  const { data: preview } = useJobPreview(previewUrl);
  const shownPreview = previewUrl === jobUrl ? preview : undefined;
  const filled = useRef({ position: '', company: '' });
  // The Position a posting filled in, and for which URL: another URL clears it (issue 46 item 5).
  const filledPosition = useRef<{ url: string; title: string } | null>(null);
  useEffect(() => {
    // A reading that arrives after the URL changed belongs to the URL before.
    if (!preview?.title || filled.current.position === previewUrl || previewUrl !== jobUrl) return;
    filled.current.position = previewUrl;
    if (!getValues('position').trim()) {
      const title = preview.title.slice(0, POSITION_MAX);
      setValue('position', title, { shouldDirty: true });
      filledPosition.current = { url: previewUrl, title };
    }
  }, [preview, previewUrl, jobUrl, getValues, setValue]);
  useEffect(() => {
    const fill = filledPosition.current;
    if (!fill || fill.url === jobUrl) return;
    filledPosition.current = null;
    // A Position the seeker has since edited is theirs: only the previous posting's own title goes.
    if (getValues('position') === fill.title) setValue('position', '', { shouldDirty: true });
  }, [jobUrl, getValues, setValue]);
  useEffect(() => {
    if (!needsCompany || !preview?.companyName || filled.current.company === previewUrl) return;
    filled.current.company = previewUrl;
    if (!getValues('companyName').trim()) setValue('companyName', preview.companyName, { shouldDirty: true });
  }, [needsCompany, preview, previewUrl, getValues, setValue]);

  async function submit(values: FormValues) {
    const detected = await queryClient.fetchQuery(detectCompanyQuery(values.jobUrl)).catch(() => null);
    const company = requestCompany(needsCompany || !detected ? values.companyName : '', detected, companies);
    if (!company) {
      setError('companyName', { message: REFERRAL_REQUEST_ERRORS.companyUnknown }, { shouldFocus: true });
      return;
    }
    const fieldErrors = await onSubmit({
      jobUrl: values.jobUrl,
      position: values.position,
      message: values.message.trim(),
      resumeLink,
      ...(alreadyApplied !== null ? { alreadyApplied } : {}),
      ...(company.id !== null ? { companyId: company.id } : { detectedCompanyName: company.name }),
    });
    for (const field of FIELDS) {
      const message = fieldErrors?.[field === 'companyName' ? 'detectedCompanyName' : field]?.[0];
      if (message) setError(field, { message });
    }
    if (fieldErrors?.companyId?.[0]) setError('companyName', { message: fieldErrors.companyId[0] });
  }

  const suggest = (query: string) => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    return companies
      .filter((c) => c.name.toLowerCase().includes(q))
      .slice(0, MAX_SUGGESTIONS)
      .map((c) => c.name);
  };

  return (
    <form noValidate aria-label="Job details" onSubmit={handleSubmit(submit)} className="grid gap-5">
      <FormField id={ids.jobUrl} label="Job URL" error={errors.jobUrl?.message}>
        <Input
          id={ids.jobUrl}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://company.com/careers/job-id"
          data-testid="job-url-input"
          {...register('jobUrl')}
          {...invalidProps(ids.jobUrl, errors.jobUrl?.message)}
        />
      </FormField>
      <JobPreviewNote preview={shownPreview} />
      <DetectionBanner state={state} onPickAnother={pickAnother} sending={company} />
      {needsCompany && (
        <FormField
          id={ids.company}
          label="Company"
          error={errors.companyName?.message}
          hint={
            <p className="text-muted-foreground text-xs">
              Pick the company from the list, or type its name if it is not there.
            </p>
          }
        >
          <Controller
            control={control}
            name="companyName"
            render={({ field }) => (
              <CompanyCombobox
                id={ids.company}
                value={field.value}
                onChange={field.onChange}
                suggest={suggest}
                placeholder="e.g. Stripe"
                invalid={Boolean(errors.companyName)}
                describedBy={errors.companyName ? `${ids.company}-error` : undefined}
              />
            )}
          />
        </FormField>
      )}
      {postingOverrodeChoice && company && chosenCompany && company.name !== chosenCompany.name && (
        <p data-testid="posting-decides" className="text-muted-foreground text-xs">
          This posting is at {company.name}, so the request goes to {company.name}, not {chosenCompany.name}.
        </p>
      )}
      {company && <CompanyNotes company={company} ownCompany={ownCompany} />}
      <FormField id={ids.position} label="Position" error={errors.position?.message}>
        <Input
          id={ids.position}
          placeholder="e.g. Senior Software Engineer"
          data-testid="position-input"
          {...register('position')}
          {...invalidProps(ids.position, errors.position?.message)}
        />
      </FormField>
      <FormField
        id={ids.message}
        label="Message"
        optional
        error={errors.message?.message}
        hint={
          <CharacterCount
            length={messageLength}
            max={MESSAGE_MAX}
            aria-live="polite"
            data-testid="message-counter"
          />
        }
      >
        <Textarea
          id={ids.message}
          rows={5}
          placeholder="Introduce yourself and say why you are a great fit for this role."
          data-testid="message-input"
          {...register('message')}
          {...invalidProps(ids.message, errors.message?.message)}
        />
      </FormField>
      <AlreadyAppliedQuestion value={alreadyApplied} onChange={setAlreadyApplied} />
      <Button
        type="submit"
        disabled={submitting || ownCompany}
        className="justify-self-start"
        data-testid="submit-request"
      >
        <BusyIcon busy={submitting} idle={<Send aria-hidden="true" />} />
        {submitting ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}
