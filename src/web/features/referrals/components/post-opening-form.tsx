import { zodResolver } from '@hookform/resolvers/zod';
import { ApiErrorSchema } from '@shared/errors';
import { JOB_CLOSED_MESSAGE } from '@shared/jobs';
import { isWebUrl } from '@shared/job-url-rules';
import {
  CreateOpeningInputSchema,
  OPENING_NOTE_MAX,
  OPENING_TEXT_MAX,
  type CreateOpeningInput,
} from '@shared/openings';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BusyIcon } from '@/components/busy-icon';
import { CharacterCount, FormField, invalidProps } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useJobPreview } from '../api/get-job-preview';
import { usePostOpening } from '../api/post-opening';
import { useDebouncedValue } from '../hooks/use-debounced-value';

type FormValues = z.output<typeof CreateOpeningInputSchema>;
const FIELDS = ['jobUrl', 'title', 'location', 'note'] as const;
export const POST_OPENING_FAILED = 'The opening could not be posted. Please try again.';

/** The server's `{error, fieldErrors}` from a refusal, when it sent one. */
function refusalOf(error: unknown) {
  if (!(error instanceof ApiRequestError)) return undefined;
  try {
    const parsed = ApiErrorSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON (a proxy's page)
  }
}

/**
 * Post an opening (issue 49 item 2): the posting's address and an optional note. Once the posting is read
 * (the same preview the request form uses) its title and location are shown, filled in from it, and may be
 * corrected; the server checks the posting is at the referrer's own company and says so in a sentence.
 */
export function PostOpeningForm() {
  const id = useId();
  const ids = { jobUrl: `${id}-url`, title: `${id}-title`, location: `${id}-location`, note: `${id}-note` };
  const post = usePostOpening();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreateOpeningInput, unknown, FormValues>({
    resolver: zodResolver(CreateOpeningInputSchema),
    defaultValues: { jobUrl: '', title: '', location: '', note: '' },
  });
  const jobUrl = useWatch({ control, name: 'jobUrl' }).trim();
  const noteLength = (useWatch({ control, name: 'note' }) ?? '').length;

  // The posting behind the URL, once typing pauses; its title and location fill the fields once per URL.
  const previewUrl = useDebouncedValue(jobUrl);
  const preview = useJobPreview(previewUrl);
  const current = previewUrl === jobUrl && isWebUrl(jobUrl);
  const read = current && (preview.isSuccess || preview.isError);
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    // An emptied field (the form reset after posting) fills again from the same posting typed anew.
    if (!jobUrl) filledFor.current = null;
    if (!read || filledFor.current === previewUrl) return;
    filledFor.current = previewUrl;
    setValue('title', preview.data?.title?.slice(0, OPENING_TEXT_MAX) ?? '');
    setValue('location', preview.data?.location?.slice(0, OPENING_TEXT_MAX) ?? '');
  }, [jobUrl, read, previewUrl, preview.data, setValue]);
  const showDetails = read || refusal !== null;

  async function submit(values: FormValues) {
    setRefusal(null);
    try {
      const opening = await post.mutateAsync(values);
      toast({
        title: 'Opening posted',
        description: `${opening.title} at ${opening.company.name} is on Openings now.`,
      });
      reset();
    } catch (error) {
      const body = refusalOf(error);
      setRefusal(body?.error ?? POST_OPENING_FAILED);
      for (const field of FIELDS) {
        const message = body?.fieldErrors?.[field]?.[0];
        if (message) setError(field, { message });
      }
    }
  }

  return (
    <form noValidate aria-label="Post an opening" onSubmit={handleSubmit(submit)} className="grid gap-4">
      <FormField
        id={ids.jobUrl}
        label="Job posting URL"
        error={errors.jobUrl?.message}
        hint={
          <p className="text-muted-foreground text-xs" aria-live="polite">
            {current && preview.isFetching
              ? 'Reading the posting...'
              : 'A posting at the company you work for. We read its title and location; you can correct them.'}
          </p>
        }
      >
        <Input
          id={ids.jobUrl}
          type="url"
          inputMode="url"
          placeholder="https://company.com/careers/job-id"
          {...register('jobUrl')}
          {...invalidProps(ids.jobUrl, errors.jobUrl?.message)}
        />
      </FormField>
      {read && preview.data?.status === 'closed' && (
        <p role="status" className="-mt-2 text-sm font-medium text-amber-800 dark:text-amber-300">
          {JOB_CLOSED_MESSAGE}
        </p>
      )}
      {showDetails && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={ids.title} label="Title" error={errors.title?.message}>
            <Input
              id={ids.title}
              maxLength={OPENING_TEXT_MAX}
              placeholder="e.g. Software Engineer"
              {...register('title')}
              {...invalidProps(ids.title, errors.title?.message)}
            />
          </FormField>
          <FormField id={ids.location} label="Location" optional error={errors.location?.message}>
            <Input
              id={ids.location}
              maxLength={OPENING_TEXT_MAX}
              placeholder="e.g. Remote, or Berlin"
              {...register('location')}
              {...invalidProps(ids.location, errors.location?.message)}
            />
          </FormField>
        </div>
      )}
      <FormField
        id={ids.note}
        label="Note for seekers"
        optional
        error={errors.note?.message}
        hint={<CharacterCount length={noteLength} max={OPENING_NOTE_MAX} />}
      >
        <Textarea
          id={ids.note}
          rows={3}
          placeholder="Who would fit well, what the team does, anything a seeker should know."
          {...register('note')}
          {...invalidProps(ids.note, errors.note?.message)}
        />
      </FormField>
      {refusal && (
        <p role="alert" className="text-destructive text-sm font-medium">
          {refusal}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={post.isPending}>
        <BusyIcon busy={post.isPending} idle={<Plus aria-hidden="true" />} />
        {post.isPending ? 'Posting...' : 'Post opening'}
      </Button>
    </form>
  );
}
