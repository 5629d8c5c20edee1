import { RESUME_MAX_BYTES } from '@shared/profile';
import { formatMonthDayYear } from '@shared/profile-format';
import { ExternalLink, FileText, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useActiveResume } from '../api/get-active-resume';
import { useUploadResume } from '../api/upload-resume';
import { BusyIcon } from '@/components/busy-icon';

function uploadErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  return 'The upload failed. Please try again.';
}

/** The resume upload panel below the side navigation: the active resume and a PDF picker. */
export function ResumePanel() {
  const inputId = useId();
  const hintId = useId();
  const resume = useActiveResume();
  const upload = useUploadResume();
  const [error, setError] = useState<string | null>(null);

  const onPick = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Clear the picker so choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    setError(null);
    // Saves a pointless upload; the server enforces the limit either way.
    if (file.size > RESUME_MAX_BYTES) {
      setError('This file is larger than 5MB. Please choose a smaller PDF.');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Success', description: 'Your resume has been uploaded.' }),
      onError: (e) => setError(uploadErrorText(e)),
    });
  };

  const active = resume.data;
  return (
    <Card className="gap-4 py-5" role="region" aria-label="Resume">
      <CardHeader className="px-5">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base">
            <FileText className="text-primary size-4" aria-hidden="true" />
            Resume
          </h2>
        </CardTitle>
        <CardDescription id={hintId}>PDF only, up to 5MB</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4 px-5">
        {resume.isPending ? (
          <p className="text-muted-foreground text-sm">Loading...</p>
        ) : active ? (
          <div className="bg-muted/40 flex items-start gap-3 rounded-lg border p-3">
            <FileText className="text-primary mt-0.5 size-7 shrink-0" aria-hidden="true" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="truncate text-sm font-medium" title={active.fileName}>
                {active.fileName}
              </p>
              <p className="text-muted-foreground text-xs">
                Uploaded {formatMonthDayYear(active.uploadedAt)}
              </p>
              <a
                href={active.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View ${active.fileName}`}
                className="text-primary mt-1 inline-flex w-fit items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
              >
                View
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </div>
          </div>
        ) : (
          <p className="text-muted-foreground rounded-lg border border-dashed p-3 text-center text-sm">
            No resume uploaded yet.
          </p>
        )}

        <div>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={hintId}
            disabled={upload.isPending}
            onChange={(e) => onPick(e.currentTarget)}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: active ? 'outline' : 'default' }),
              'w-full cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-wait peer-disabled:opacity-60',
            )}
          >
            <BusyIcon busy={upload.isPending} idle={<Upload aria-hidden="true" />} />
            {upload.isPending ? 'Uploading...' : active ? 'Replace resume' : 'Upload resume'}
          </label>
        </div>
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
