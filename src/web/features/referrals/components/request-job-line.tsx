import type { RequestJob } from '@shared/jobs';
import { Briefcase } from 'lucide-react';

/** The posting's own title and location as last read, so neither side must leave the app to see them. */
export function RequestJobLine({ job }: { job: RequestJob }) {
  const about = [job.title, job.location].filter(Boolean).join(' · ');
  if (!about) return null;
  return (
    <p className="text-muted-foreground flex items-center gap-1.5 text-sm" data-testid="request-job">
      <Briefcase className="size-4 shrink-0" aria-hidden="true" />
      <span>Posting: {about}</span>
    </p>
  );
}
