import { z } from 'zod';
import type { AtsTarget } from './sources.js';

/** What one ATS answer says about the posting; `missing` means the board answered without it. */
export type AtsReading =
  | { found: true; title: string | null; companyName: string | null; location: string | null }
  | { found: false };

const text = z
  .string()
  .trim()
  .transform((v) => v || null)
  .nullish()
  .catch(null);

// Greenhouse Job Board API, GET /v1/boards/{board}/jobs/{id}.
const GreenhouseJob = z.object({
  title: text,
  company_name: text,
  location: z.object({ name: text }).nullish().catch(null),
});

// Lever Postings API, GET /v0/postings/{site}/{id}.
const LeverPosting = z.object({
  text: text,
  categories: z.object({ location: text }).nullish().catch(null),
});

// Ashby public posting API, GET /posting-api/job-board/{board}: every published posting of the board.
const AshbyBoard = z.object({
  jobs: z.array(
    z.object({ id: z.string().nullish(), jobUrl: z.string().nullish(), title: text, location: text }),
  ),
});

// Workable's public account widget, GET /api/v1/widget/accounts/{account}: the account and its jobs.
const WorkableAccount = z.object({
  name: text,
  jobs: z.array(
    z.object({ shortcode: z.string().nullish(), title: text, city: text, state: text, country: text }),
  ),
});

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ') || null;

/** Reads an ATS's JSON; undefined when it is not what that API answers (treated as unknown). */
export function readAts(target: AtsTarget, json: unknown): AtsReading | undefined {
  switch (target.source) {
    case 'greenhouse': {
      const job = GreenhouseJob.safeParse(json);
      if (!job.success) return undefined;
      const { title, company_name, location } = job.data;
      return {
        found: true,
        title: title ?? null,
        companyName: company_name ?? null,
        location: location?.name ?? null,
      };
    }
    case 'lever': {
      const posting = LeverPosting.safeParse(json);
      if (!posting.success) return undefined;
      return {
        found: true,
        title: posting.data.text ?? null,
        companyName: null,
        location: posting.data.categories?.location ?? null,
      };
    }
    case 'ashby': {
      const board = AshbyBoard.safeParse(json);
      if (!board.success) return undefined;
      const job = board.data.jobs.find(
        (j) => j.id === target.id || (j.jobUrl ?? '').replace(/\/+$/, '').endsWith(`/${target.id}`),
      );
      if (!job) return { found: false };
      return { found: true, title: job.title ?? null, companyName: null, location: job.location ?? null };
    }
    case 'workable': {
      const account = WorkableAccount.safeParse(json);
      if (!account.success) return undefined;
      const job = account.data.jobs.find((j) => j.shortcode === target.shortcode);
      if (!job) return { found: false };
      return {
        found: true,
        title: job.title ?? null,
        companyName: account.data.name ?? null,
        location: joined(job.city, job.state, job.country),
      };
    }
  }
}
