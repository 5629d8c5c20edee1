import { JOB_CLOSED_MESSAGE, type JobPreview } from '@shared/jobs';

/** Under the job URL: the posting's title and location as read from it, and a warning when it closed. */
export function JobPreviewNote({ preview }: { preview: JobPreview | undefined }) {
  if (!preview) return null;
  const about = [preview.title, preview.location].filter(Boolean).join(' · ');
  if (!about && preview.status !== 'closed') return null;
  return (
    <div className="-mt-3 grid gap-1 text-sm" data-testid="job-preview">
      {about && <p className="text-muted-foreground">{about}</p>}
      {preview.status === 'closed' && (
        <p role="status" className="font-medium text-amber-800 dark:text-amber-300">
          {JOB_CLOSED_MESSAGE}
        </p>
      )}
    </div>
  );
}
