import { apiPath } from '@shared/api-routes';
import type { CompanyDetection } from '@shared/job-url';
import { isWebUrl } from '@shared/job-url-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

const CompanyDetectionSchema = z.object({
  companyName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
  message: z.string().nullable(),
}) satisfies z.ZodType<CompanyDetection>;

export async function detectCompany(url: string): Promise<CompanyDetection> {
  return CompanyDetectionSchema.parse(await apiGet(apiPath('detectCompany'), { url }));
}

export const detectCompanyQuery = (url: string) =>
  queryOptions({ queryKey: referralKeys.detection(url), queryFn: () => detectCompany(url) });

/** Detection for a (debounced) job URL; nothing is asked until the text is a web address. */
export function useDetectCompany(url: string) {
  return useQuery({ ...detectCompanyQuery(url), enabled: isWebUrl(url) });
}
