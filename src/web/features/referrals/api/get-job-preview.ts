import { apiPath } from '@shared/api-routes';
import { JobPreviewSchema, type JobPreview } from '@shared/jobs';
import { isWebUrl } from '@shared/job-url-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function getJobPreview(url: string): Promise<JobPreview> {
  return JobPreviewSchema.parse(await apiGet(apiPath('jobPreview'), { url }));
}

/** The server caches previews for minutes; the form need not ask twice for one URL while it is open. */
export const jobPreviewQuery = (url: string) =>
  queryOptions({
    queryKey: referralKeys.jobPreview(url),
    queryFn: () => getJobPreview(url),
    staleTime: 60_000,
    retry: false,
  });

/** The posting behind a (debounced) job URL; nothing is asked until the text is a web address. */
export function useJobPreview(url: string) {
  return useQuery({ ...jobPreviewQuery(url), enabled: isWebUrl(url) });
}
