import { DIRECTORY_PAGE_SIZE, type CompanyDirectoryEntry } from '@shared/companies';
import type { UserSettings } from '@shared/settings';
import type { DeclineReason } from '@shared/referral-texts';
import type { JobPreview } from '@shared/jobs';
import { apiPath } from '@shared/api-routes';
import type { User } from '@shared/auth';
import type { CompanyStats, CompanySummary } from '@shared/companies';
import type { CompanyDetection } from '@shared/job-url';
import type { ReferralStatus } from '@shared/referral-status';
import { type ChangeKind, CHANGES_ERRORS } from '@shared/referral-changes';
import type { ReferralRequest } from '@shared/referrals';
import type { VerificationStatus } from '@shared/verification';
import type { ReferrerRecord } from '@shared/referrer-record';
import { firstNameOf } from '@shared/names';
import {
  BONUS_TOO_EARLY,
  expectedPayoutOn,
  ReferralBonusInputSchema,
  type ReferralBonus,
} from '@shared/referral-bonus';
import type { ReportReason } from '@shared/reports';
import type { CompanyWatch } from '@shared/watches';
import type { ReferrerInvite } from '@shared/invitations';
import { DEFAULT_RELATIONSHIP, honestPacketLines, type Relationship } from '@shared/referral-honesty';
import type { ReactNode } from 'react';
import { fakeError, fakeApi, type RecordedCall } from '@/testing/fake-api';
import { fakeOpeningsRoutes, type FakeOpeningsState } from '@/testing/openings-fake';
import { createQueryClient } from '@/app/query-client';
import { aUser } from '@/testing/fixtures';
import { renderAt } from '@/testing/render-at';

/** Test-only: a fake of the referral endpoints behind fetch, and a render wrapper with the app's QueryClient. */

const at = '2025-01-05T12:00:00.000Z';

export function aRequest(id: number, overrides: Partial<ReferralRequest> = {}): ReferralRequest {
  return {
    id,
    jobSeekerId: 20,
    companyId: 1,
    position: `Engineer ${id}`,
    jobUrl: `https://careers.google.com/jobs/${id}`,
    status: 'pending',
    message: null,
    alreadyApplied: null,
    resumeLink: null,
    createdAt: at,
    updatedAt: at,
    job: { title: null, location: null, status: 'unknown', checkedAt: null, unreachableSince: null },
    company: { id: 1, name: 'Google', isPartner: false },
    jobSeeker: {
      id: 20,
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      profilePicture: null,
      currentEmployer: null,
    },
    referral: null,
    handoffs: [],
    timeline: [],
    closedAt: null,
    erasedAt: null,
    rejectionReason: null,
    ...overrides,
  };
}

/** A request with a referral in `status` (the displayed status follows it). */
export function withReferral(
  request: ReferralRequest,
  status: ReferralStatus,
  feedback: string | null = null,
  declineReason: DeclineReason | null = null,
): ReferralRequest {
  return {
    ...request,
    referral: {
      id: request.id + 1000,
      requestId: request.id,
      referrerId: 7,
      status,
      feedback,
      declineReason,
      candidateId: null,
      seekerConfirmation: null,
      relationship: null,
      changes: [],
      changeRounds: 0,
      resubmitBy: null,
      undoUntil: null,
      submittedAt: null,
      createdAt: at,
      updatedAt: at,
      referrerFirstName: 'Ada',
      respondBy: null,
      passedOnAt: null,
    },
  };
}

export type { RecordedCall } from '@/testing/fake-api';

export interface FakeReferralsState extends FakeOpeningsState {
  user: User;
  companies: CompanySummary[];
  mine: ReferralRequest[];
  incoming: ReferralRequest[];
  detect: (url: string) => CompanyDetection;
  /** GET /api/jobs/preview; unknown for every URL unless a test says otherwise. */
  preview: (url: string) => JobPreview;
  /** GET /api/companies/{id}/stats by company id; a company not here answers 404. */
  stats: Record<number, CompanyStats>;
  /** GET /api/referrer/verification; a right code (CORRECT_CODE) verifies with the work email. */
  verification: VerificationStatus;
  /** GET /api/referrer/record; an empty, thin record unless a test says otherwise. */
  record: ReferrerRecord;
  /** GET /api/companies/directory: these, by name, searched by prefix, DIRECTORY_PAGE_SIZE a page. */
  directory: CompanyDirectoryEntry[];
  /** GET/PUT /api/user/settings. */
  settings: UserSettings;
  /** GET /api/user/watches, and what POST and DELETE /api/companies/{id}/watch change (issue 49 item 1). */
  watches: CompanyWatch[];
  /** GET /api/referrer/invite (issue 49 item 3); null: the server refuses (not a willing referrer). */
  invite: ReferrerInvite | null;
  /** What GET /api/companies/wanted names ('Referrers wanted', issue 49 item 4). */
  wanted: { id: number; name: string }[];
  /** GET /api/referrer/bonuses, and what PUT /api/referrals/{id}/bonus records (issue 50 item 5). */
  bonuses: ReferralBonus[];
}

export const CORRECT_CODE = '123456';

/** When the fake API's verifications lapse. */
export const VERIFIED_UNTIL = '2031-03-01T12:00:00.000Z';

export function fakeReferralsApi(initial: Partial<FakeReferralsState> = {}) {
  const state: FakeReferralsState = {
    user: aUser(),
    companies: [
      { id: 1, name: 'Google' },
      { id: 4, name: 'Stripe' },
    ],
    mine: [],
    incoming: [],
    detect: () => ({ companyName: 'Google', companyId: 1, confidence: 'high', message: null }),
    preview: (url) => ({
      url,
      title: null,
      companyName: null,
      location: null,
      status: 'unknown',
      source: null,
    }),
    stats: {},
    verification: { verified: false, method: null, companyName: null, verifiedUntil: null, renewable: false },
    record: {
      asked: 0,
      answeredInTime: 0,
      medianHoursToAnswer: null,
      submitted: 0,
      confirmedSubmissions: 0,
      notReceived: 0,
      thin: true,
    },
    directory: [],
    settings: {
      emailNotifications: true,
      timeZone: null,
      monthlyReferralCap: null,
      referralsPausedUntil: null,
      showCurrentEmployer: true,
      notificationEmail: null,
      notificationEmailPending: null,
    },
    watches: [],
    invite: { url: 'https://referbridge.example/join/AbCdEfGhIjKlMnOp', joined: 0 },
    wanted: [],
    openings: [],
    myOpenings: [],
    bonuses: [],
    ...initial,
  };
  const api = fakeApi({
    ...fakeOpeningsRoutes(state),
    wantedCompanies: () => ({ items: state.wanted }),
    referrerBonuses: () => ({ items: state.bonuses }),
    recordBonus: ({ params, body }) => {
      const referralId = Number(params.referralId);
      const request = state.incoming.find((r) => r.referral?.id === referralId);
      if (!request?.referral) return fakeError(404, 'Referral not found.');
      if (request.referral.status !== 'successful') return fakeError(409, BONUS_TOO_EARLY);
      const input = ReferralBonusInputSchema.parse(body);
      const bonus: ReferralBonus = {
        referralId,
        candidateFirstName: firstNameOf(request.jobSeeker.fullName),
        company: request.company.name,
        hiredOn: input.hiredOn,
        payoutAfterDays: input.payoutAfterDays,
        expectedPayoutOn: expectedPayoutOn(input.hiredOn, input.payoutAfterDays),
        amount: input.amount ?? null,
        currency: input.currency ?? null,
        status: input.status,
      };
      state.bonuses = [...state.bonuses.filter((b) => b.referralId !== referralId), bonus];
      return bonus;
    },
    companyDirectory: ({ url }) => {
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? DIRECTORY_PAGE_SIZE);
      const start = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
      const found = state.directory.filter((c) => c.name.toLowerCase().startsWith(q));
      const items = found.slice(start, start + limit);
      return { items, nextCursor: start + limit < found.length ? `c${start + limit}` : null };
    },
    mySettings: () => state.settings,
    changeSettings: ({ body }) =>
      (state.settings = { ...state.settings, ...(body as Partial<UserSettings>) }),
    currentCompany: ({ body }) => {
      state.user = {
        ...state.user,
        currentCompanyName: (body as { companyName: string }).companyName.trim(),
      };
      return state.user;
    },
    authStatus: () => ({ isAuthenticated: true, user: state.user }),
    recordActivity: () => null,
    companies: () => state.companies,
    companyStats: ({ params }) =>
      state.stats[Number(params.id)] ?? fakeError(404, 'There is no such company.'),
    detectCompany: ({ url }) => state.detect(url.searchParams.get('url') ?? ''),
    jobPreview: ({ url }) => state.preview(url.searchParams.get('url') ?? ''),
    referralRequests: ({ url }) =>
      url.searchParams.get('role') === 'referrer' ? state.incoming : state.mine,
    createReferralRequest: () => ({ ...aRequest(99), noReferrers: false }),
    referralStatus: ({ params, body }) => {
      const referralId = Number(params.referralId);
      const { status, feedback, reason, relationship, changes } = body as {
        status: ReferralStatus;
        feedback?: string | null;
        reason?: DeclineReason;
        relationship?: Relationship;
        changes?: ChangeKind[];
      };
      state.incoming = state.incoming.map((r) => {
        if (r.referral?.id !== referralId) return r;
        const moved = withReferral(r, status, feedback ?? null, reason ?? null);
        // As the server does: accepting records the relationship, else the default; later moves keep it.
        const given =
          status === 'accepted' ? (relationship ?? DEFAULT_RELATIONSHIP) : r.referral.relationship;
        // As the server does: a request for changes keeps them and counts the round.
        const rounds = r.referral.changeRounds + (status === 'changes_requested' ? 1 : 0);
        const asked = status === 'changes_requested' ? (changes ?? []) : r.referral.changes;
        return {
          ...moved,
          status,
          referral: { ...moved.referral!, relationship: given, changes: asked, changeRounds: rounds },
        };
      });
      const changed = state.incoming.find((r) => r.referral?.id === referralId)?.referral;
      return changed ?? fakeError(404, 'There is no such referral.');
    },
    undoDecline: ({ params }) => {
      const referralId = Number(params.referralId);
      state.incoming = state.incoming.map((r) =>
        r.referral?.id === referralId ? withReferral(r, 'pending') : r,
      );
      const changed = state.incoming.find((r) => r.referral?.id === referralId)?.referral;
      return changed ?? fakeError(404, 'Referral not found.');
    },
    referralRelationship: ({ params, body }) => {
      const referralId = Number(params.referralId);
      const { relationship } = body as { relationship: Relationship };
      state.incoming = state.incoming.map((r) =>
        r.referral?.id === referralId ? { ...r, referral: { ...r.referral, relationship } } : r,
      );
      const changed = state.incoming.find((r) => r.referral?.id === referralId)?.referral;
      return changed ?? fakeError(404, 'Referral not found.');
    },
    referralPacket: ({ params }) => {
      const request = state.incoming.find((r) => r.referral?.id === Number(params.referralId));
      if (!request) return fakeError(404, 'Referral not found.');
      const name = request.jobSeeker.fullName;
      const relationship = request.referral?.relationship ?? null;
      const honest = honestPacketLines(request.alreadyApplied, relationship);
      return {
        candidateName: name,
        candidateEmail: request.jobSeeker.email ?? '',
        jobUrl: request.jobUrl,
        jobTitle: request.job.title,
        jobLocation: request.job.location,
        position: request.position,
        company: request.company.name,
        message: request.message,
        resumeUrl: null,
        alreadyApplied: request.alreadyApplied,
        relationship,
        text: [`Candidate: ${name}`, `Email: ${request.jobSeeker.email ?? ''}`, ...honest].join('\n'),
      };
    },
    confirmReferral: ({ params, body }) => {
      const referralId = Number(params.referralId);
      const answer = (body as { received: boolean }).received
        ? ('received' as const)
        : ('not_received' as const);
      state.mine = state.mine.map((r) =>
        r.referral?.id === referralId ? { ...r, referral: { ...r.referral, seekerConfirmation: answer } } : r,
      );
      const changed = state.mine.find((r) => r.referral?.id === referralId)?.referral;
      return changed ?? fakeError(404, 'Referral not found.');
    },
    resubmitReferralRequest: ({ params }) => {
      const id = Number(params.id);
      const found = state.mine.find((r) => r.id === id);
      if (!found) return fakeError(404, 'Referral request not found.');
      if (found.status !== 'changes_requested')
        return fakeError(409, CHANGES_ERRORS.notWaiting(found.status));
      state.mine = state.mine.map((r) =>
        r.id === id
          ? {
              ...r,
              status: 'pending' as const,
              referral: r.referral && { ...r.referral, status: 'pending' as const, resubmitBy: null },
            }
          : r,
      );
      return state.mine.find((r) => r.id === id)!;
    },
    withdrawReferralRequest: ({ params }) => {
      const id = Number(params.id);
      state.mine = state.mine.map((r) =>
        r.id === id
          ? {
              ...r,
              status: 'withdrawn' as const,
              referral: r.referral && { ...r.referral, status: 'withdrawn' as const },
            }
          : r,
      );
      return state.mine.find((r) => r.id === id) ?? fakeError(404, 'Referral request not found.');
    },
    verification: () => state.verification,
    referrerRecord: () => state.record,
    blockUser: ({ params }) => ({ userId: Number(params.id), blocked: true }),
    myWatches: () => ({ items: state.watches }),
    myInvite: () =>
      state.invite ??
      fakeError(
        403,
        'Only a referrer who takes requests has an invitation link. Say you are willing to refer first.',
      ),
    watchCompany: ({ params }) => {
      const companyId = Number(params.id);
      const company = state.companies.find((c) => c.id === companyId);
      if (!company) return fakeError(404, 'There is no such company.');
      if (!state.watches.some((w) => w.companyId === companyId)) {
        const createdAt = '2026-12-06T12:00:00.000Z';
        state.watches = [{ companyId, companyName: company.name, createdAt }, ...state.watches];
      }
      return { companyId, watching: true };
    },
    unwatchCompany: ({ params }) => {
      const companyId = Number(params.id);
      state.watches = state.watches.filter((w) => w.companyId !== companyId);
      return { companyId, watching: false };
    },
    fileReport: ({ body }) => {
      const input = body as {
        subjectUserId: number;
        requestId?: number | null;
        reason: ReportReason;
        note?: string;
      };
      return {
        id: 1,
        subjectUserId: input.subjectUserId,
        requestId: input.requestId ?? null,
        reason: input.reason,
        note: input.note ?? '',
        status: 'open' as const,
        createdAt: '2026-11-26T12:00:00.000Z',
      };
    },
    sendVerificationCode: ({ body }) => ({
      sentTo: (body as { workEmail: string }).workEmail,
      expiresInMinutes: 15,
    }),
    confirmVerificationCode: ({ body }) => {
      if ((body as { code: string }).code !== CORRECT_CODE) return fakeError(400, 'That code is not right.');
      state.verification = {
        verified: true,
        method: 'work-email',
        companyName: state.user.currentCompanyName,
        verifiedUntil: VERIFIED_UNTIL,
        renewable: false,
      };
      return state.verification;
    },
    willingness: ({ params, body }) => {
      if (Number(params.id) !== state.user.id) return fakeError(403, 'You can only change your own profile.');
      const isWilling = (body as { isWilling: boolean }).isWilling;
      state.user = {
        ...state.user,
        willingToGiveReferrals: isWilling,
        role: isWilling ? 'referrer' : state.user.role,
      };
      return state.user;
    },
  });
  const isActivity = (c: RecordedCall) => c.path === apiPath('recordActivity');
  return {
    state,
    calls: api.calls,
    /** Per-call overrides ('POST /api/referral-requests'), e.g. to make one call fail. */
    overrides: api.overrides,
    writes: () => api.calls.filter((c) => c.method !== 'GET' && !isActivity(c)),
    activities: () => api.calls.filter(isActivity).map((c) => c.body),
  };
}

/** Renders with the app's own QueryClient (so failed mutations toast as in the app) inside a router. */
export function renderReferralsUi(ui: ReactNode, path = '/') {
  return renderAt(ui, path, createQueryClient());
}
