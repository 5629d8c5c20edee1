import { normalizeCompanyName, type CompanySummary } from '@shared/companies';
import type { CompanyDetection } from '@shared/job-url';
import { isWebUrl } from '@shared/job-url-rules';
import { useState } from 'react';
import { useDetectCompany } from '../api/detect-company';
import { isOwnCompany, type RequestCompany } from '../components/company-notes';
import type { DetectionState } from '../components/detection-banner';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The request form's company: what detection makes of the job URL as it is typed, whether the user must
 * (or chose to) name the company, the company the request would go to, and whether that is the user's own.
 */
export function useRequestCompany({
  jobUrl,
  typedCompany,
  companies,
  currentCompanyName,
  chosen = false,
}: {
  jobUrl: string;
  typedCompany: string;
  companies: readonly CompanySummary[];
  currentCompanyName: string | null;
  /** The company was chosen before (the directory's link): its field shows whatever detection finds. */
  chosen?: boolean;
}) {
  const debouncedUrl = useDebouncedValue(jobUrl);
  const detection = useDetectCompany(debouncedUrl);
  // Until the typing pauses, what was detected belongs to the URL before: show only that we are checking.
  const state: DetectionState =
    jobUrl === debouncedUrl
      ? detectionState(debouncedUrl, detection)
      : { status: isWebUrl(jobUrl) ? 'loading' : 'idle' };
  // 'Pick another company' on a guessed company holds for that URL only.
  const [pickingFor, setPickingFor] = useState<string | null>(null);
  const picking = state.status === 'done' && pickingFor === debouncedUrl;
  // Issue 46 item 5: a posting that surely names a listed company decides it, over a company chosen before
  // (the server refuses the two disagreeing); a guess leaves the choice to the seeker.
  const decided = state.status === 'done' && isSure(state.detection);
  const needsCompany =
    state.status === 'error' ||
    (state.status === 'done' && !decided && (state.detection.companyId === null || picking || chosen));
  const typed = useDebouncedValue(typedCompany);
  const company =
    state.status === 'done' || state.status === 'error'
      ? requestCompany(needsCompany ? typed : '', state.status === 'done' ? state.detection : null, companies)
      : null;
  return {
    state,
    needsCompany,
    /** Offered while the user has not chosen to name the company for this URL, and only on a guess. */
    pickAnother: picking || decided ? undefined : () => setPickingFor(debouncedUrl),
    /** The posting named another company than the one chosen before, and the request goes there. */
    postingOverrodeChoice: chosen && decided,
    company,
    ownCompany: isOwnCompany(company, currentCompanyName),
  };
}

/** Detection is sure of a listed company: high (Lever, Greenhouse, LinkedIn) or medium (a careers host, Glassdoor). */
export function isSure(detection: CompanyDetection): boolean {
  return (
    detection.companyId !== null && (detection.confidence === 'high' || detection.confidence === 'medium')
  );
}

function detectionState(
  url: string,
  query: { isPending: boolean; isError: boolean; data?: CompanyDetection },
): DetectionState {
  if (!isWebUrl(url)) return { status: 'idle' };
  if (query.isError) return { status: 'error' };
  if (query.data) return { status: 'done', detection: query.data };
  return { status: 'loading' };
}

/** The picked or typed name (a listed company by id, else the name), else what detection found. */
export function requestCompany(
  typed: string,
  detection: CompanyDetection | null,
  companies: readonly CompanySummary[],
): RequestCompany | null {
  const name = typed.trim();
  if (name) {
    const match = companies.find((c) => normalizeCompanyName(c.name) === normalizeCompanyName(name));
    return match ? { id: match.id, name: match.name } : { id: null, name };
  }
  if (detection?.companyName) return { id: detection.companyId, name: detection.companyName };
  return null;
}
