import { CheckCircle2, Play, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EDGE_CASES, EDGE_CASE_SEEKER_ID, type EdgeCase } from '../mock/edge-cases';
import { mockCompany, mockUser, type MockUser } from '../mock/mock-data';
import { DEMO_JOB_URL_MESSAGES, validateDemoJobUrl, type DemoValidation } from '../utils/validate-job-url';

/**
 * The job-URL validator (docs/product.md, Demo pages): runs the six local checks for the selected mock
 * user; each edge case's quick test fills in its URL, switches to its seeker and validates.
 */
export function JobUrlValidator({
  user,
  onUserChange,
}: {
  user: MockUser;
  onUserChange: (id: number) => void;
}) {
  const inputId = useId();
  const [jobUrl, setJobUrl] = useState('');
  const [result, setResult] = useState<DemoValidation | null>(null);
  const [quickTests, setQuickTests] = useState(0);
  const panel = useRef<HTMLElement>(null);

  // On a phone the guide sits below the validator: bring the answer of a quick test into view.
  useEffect(() => {
    if (quickTests > 0) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [quickTests]);

  const validate = (event: FormEvent) => {
    event.preventDefault();
    setResult(validateDemoJobUrl(jobUrl, user));
  };
  const quickTest = (edgeCase: EdgeCase) => {
    const seeker = mockUser(edgeCase.testRecord.seekerId) ?? user;
    onUserChange(seeker.id);
    setJobUrl(edgeCase.testRecord.jobUrl);
    setResult(validateDemoJobUrl(edgeCase.testRecord.jobUrl, seeker));
    setQuickTests((n) => n + 1);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section
        ref={panel}
        aria-labelledby={`${inputId}-title`}
        className="bg-background scroll-mt-4 space-y-4 rounded-lg border p-5 lg:sticky lg:top-4"
      >
        <div className="space-y-1">
          <h2 id={`${inputId}-title`} className="text-lg font-semibold">
            Job URL validator
          </h2>
          <p className="text-muted-foreground text-sm">
            Checks a job URL as <strong className="text-foreground">{user.fullName}</strong> would submit it:
            format, known broken links, company, duplicates, current employer and referrer capacity.
          </p>
        </div>
        <form noValidate onSubmit={validate} className="space-y-3">
          <Label htmlFor={inputId}>Job URL</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={inputId}
              type="url"
              inputMode="url"
              placeholder="https://careers.google.com/jobs/results/…"
              value={jobUrl}
              onChange={(e) => setJobUrl(e.target.value)}
            />
            <Button type="submit">Validate</Button>
          </div>
        </form>
        <ValidationResult result={result} />
      </section>
      <EdgeCaseGuide onQuickTest={quickTest} />
    </div>
  );
}

function ValidationResult({ result }: { result: DemoValidation | null }) {
  if (!result) return <div aria-live="polite" />;
  if (result.valid) {
    return (
      <div
        role="status"
        className="flex gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{DEMO_JOB_URL_MESSAGES.valid(result.company.name)}</p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="border-destructive/40 bg-destructive/5 text-destructive-strong flex gap-2 rounded-md border p-3 text-sm"
    >
      <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{result.message}</p>
    </div>
  );
}

function EdgeCaseGuide({ onQuickTest }: { onQuickTest: (edgeCase: EdgeCase) => void }) {
  const user = mockUser(EDGE_CASE_SEEKER_ID);
  const employer = user?.currentCompanyId ? mockCompany(user.currentCompanyId)?.name : undefined;
  const seeker = `${user?.fullName ?? 'the sample job seeker'}${employer ? `, a job seeker who works at ${employer}` : ''}`;
  return (
    <section aria-labelledby="edge-case-guide" className="bg-background space-y-3 rounded-lg border p-5">
      <div className="space-y-1">
        <h2 id="edge-case-guide" className="text-lg font-semibold">
          Edge-case guide
        </h2>
        <p className="text-muted-foreground text-sm">
          In the order the checks run. Each quick test fills in its URL and validates it as {seeker}.
        </p>
      </div>
      <ul className="divide-y" aria-label="Edge cases">
        {EDGE_CASES.map((edgeCase) => (
          <li key={edgeCase.name} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1 space-y-1">
              <h3 className="text-sm font-medium">{edgeCase.name}</h3>
              <p className="text-muted-foreground text-sm">{edgeCase.description}</p>
              <p className="text-muted-foreground font-mono text-xs break-all">
                {edgeCase.testRecord.jobUrl}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              aria-label={`Quick test: ${edgeCase.name}`}
              onClick={() => onQuickTest(edgeCase)}
            >
              <Play aria-hidden="true" />
              Quick test
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
