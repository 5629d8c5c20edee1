import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { NewMockRequest } from '../hooks/use-mock-requests';
import { DEMO_REQUEST_TEXTS, validateDemoRequest } from '../utils/validate-demo-request';

/** docs/product.md, Limits: the demo's success message hides after 5 s. */
export const DEMO_SUCCESS_MS = 5000;

type FieldErrors = Partial<Record<'jobUrl' | 'position', string>>;

/** The job seeker's demo request form; a valid request is kept in this browser only. */
export function CreateRequestForm({
  seekerId,
  onCreate,
}: {
  seekerId: number;
  onCreate: (request: NewMockRequest) => void;
}) {
  const id = useId();
  const [jobUrl, setJobUrl] = useState('');
  const [position, setPosition] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => setSucceeded(false), DEMO_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateDemoRequest({ jobUrl, position });
    if (!check.ok) {
      setErrors({ [check.field]: check.message });
      setSucceeded(false);
      return;
    }
    onCreate({
      jobSeekerId: seekerId,
      companyId: check.company.id,
      jobUrl: jobUrl.trim(),
      position: position.trim(),
      message: message.trim(),
    });
    setErrors({});
    setJobUrl('');
    setPosition('');
    setMessage('');
    setSucceeded(true);
  };

  return (
    <form noValidate onSubmit={submit} className="bg-background max-w-2xl space-y-4 rounded-lg border p-5">
      {succeeded && (
        <div
          role="status"
          className="flex gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="block font-semibold">{DEMO_REQUEST_TEXTS.success}</strong>
            {DEMO_REQUEST_TEXTS.successDetail}
          </p>
        </div>
      )}
      <Field
        id={`${id}-url`}
        label="Job URL"
        error={errors.jobUrl}
        hint="Demo referrers work at Google, Microsoft, Amazon and Walmart (Meta's is not verified yet)."
      >
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://careers.google.com/jobs/results/…"
          value={jobUrl}
          onChange={(e) => setJobUrl(e.target.value)}
          aria-invalid={errors.jobUrl ? true : undefined}
          aria-describedby={errors.jobUrl ? `${id}-url-error ${id}-url-hint` : `${id}-url-hint`}
        />
      </Field>
      <Field id={`${id}-position`} label="Position" error={errors.position}>
        <Input
          id={`${id}-position`}
          placeholder="e.g. Software Engineer"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          aria-invalid={errors.position ? true : undefined}
          aria-describedby={errors.position ? `${id}-position-error` : undefined}
        />
      </Field>
      <Field id={`${id}-message`} label="Message (optional)">
        <Textarea
          id={`${id}-message`}
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <Button type="submit">Submit demo request</Button>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
