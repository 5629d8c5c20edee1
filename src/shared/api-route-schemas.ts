import { AdminRequestViewSchema, AdminUserViewSchema } from './admin-views.js';
import { z } from 'zod';
import { AccountExportSchema, DeleteAccountInputSchema } from './account.js';
import { ActivityInputSchema } from './activity.js';
import type { ApiRouteName } from './api-routes.js';
import { AuthStatusSchema, UserSchema } from './auth.js';
import {
  CompanyDirectoryPageSchema,
  CompanyStatsSchema,
  CompanySummarySchema,
  WantedCompaniesSchema,
} from './companies.js';
import { CompanyDetectionSchema } from './job-url.js';
import { JobPreviewSchema } from './jobs.js';
import {
  ReferralMessageInputSchema,
  ReferralMessageSchema,
  ReferralThreadSchema,
} from './referral-messages.js';
import {
  MarkAllReadResultSchema,
  NotificationListSchema,
  NotificationSchema,
  UnreadCountSchema,
} from './notifications.js';
import {
  CurrentCompanyInputSchema,
  EducationInputSchema,
  EducationSchema,
  ExperienceInputSchema,
  ExperienceSchema,
  NotWorkingInputSchema,
  ProfileStatusInputSchema,
  ResumeSchema,
  SkillInputSchema,
  SkillSchema,
} from './profile.js';
import {
  CreateReferralRequestInputSchema,
  CreateReferralRequestResultSchema,
  ReferralRequestListSchema,
  ReferralRequestSchema,
  ResubmitInputSchema,
  ReferralConfirmationInputSchema,
  ReferralPacketSchema,
  ReferralSchema,
  UpdateReferralStatusInputSchema,
  UpdateRelationshipInputSchema,
  WillingnessInputSchema,
} from './referrals.js';
import {
  ConfirmNotificationEmailInputSchema,
  UserSettingsInputSchema,
  UserSettingsSchema,
} from './settings.js';
import { SuccessSchema } from './success.js';
import {
  ConfirmVerificationCodeInputSchema,
  SendVerificationCodeInputSchema,
  SendVerificationCodeResultSchema,
  VerificationStatusSchema,
} from './verification.js';
import { ReferrerRecordSchema } from './referrer-record.js';
import { ReferralBonusInputSchema, ReferralBonusListSchema, ReferralBonusSchema } from './referral-bonus.js';
import {
  AdminAuditPageSchema,
  AdminQueueCountsSchema,
  AdminCompanyListSchema,
  AdminCompanySchema,
  AdminUserListSchema,
  AdminUserSchema,
  CompanyEmailDomainsInputSchema,
  MergeCompanyInputSchema,
  SuspendUserInputSchema,
  VerifyUserInputSchema,
} from './admin.js';
import { BlockStateSchema, BlockedUsersSchema } from './blocks.js';
import { CompanyWatchListSchema, WatchStateSchema } from './watches.js';
import { AdminDemandPageSchema } from './demand.js';
import { ReferrerInviteSchema } from './invitations.js';
import { CreateOpeningInputSchema, OpeningListSchema, OpeningSchema } from './openings.js';
import {
  AdminHeldMessageListSchema,
  AdminHeldMessageSchema,
  AdminHeldRequestListSchema,
  AdminHeldRequestSchema,
  RejectHeldInputSchema,
  ReleasedRequestSchema,
  ReleaseHeldInputSchema,
} from './held-review.js';
import {
  AdminReportListSchema,
  AdminReportSchema,
  ReportInputSchema,
  ReportSchema,
  ResolveReportInputSchema,
} from './reports.js';

/**
 * The shared schemas of each route in api-routes.ts: its success body (`null` for an empty one, absent when
 * it is not JSON: a redirect, a file, a stream) and its request body. For test fakes and tests only; the web
 * parses answers in its own api modules, and the landing page must not load zod.
 */
export interface ApiRouteSchemas {
  response?: z.ZodType | null;
  body?: z.ZodType;
}

export const API_ROUTE_SCHEMAS = {
  authStatus: { response: AuthStatusSchema },
  signIn: {},
  signOut: { response: SuccessSchema },
  signOutEverywhere: { response: SuccessSchema },
  recordActivity: { response: null, body: ActivityInputSchema },

  myExperiences: { response: z.array(ExperienceSchema) },
  addExperience: { response: ExperienceSchema, body: ExperienceInputSchema },
  changeExperience: { response: ExperienceSchema, body: ExperienceInputSchema },
  deleteExperience: { response: SuccessSchema },
  myEducation: { response: z.array(EducationSchema) },
  addEducation: { response: EducationSchema, body: EducationInputSchema },
  changeEducation: { response: EducationSchema, body: EducationInputSchema },
  deleteEducation: { response: SuccessSchema },
  mySkills: { response: z.array(SkillSchema) },
  addSkill: { response: SkillSchema, body: SkillInputSchema },
  deleteSkill: { response: SuccessSchema },
  myActiveResume: { response: ResumeSchema.nullable() },
  uploadResume: { response: ResumeSchema },
  mySettings: { response: UserSettingsSchema },
  changeSettings: { response: UserSettingsSchema, body: UserSettingsInputSchema },
  confirmNotificationEmail: { response: UserSettingsSchema, body: ConfirmNotificationEmailInputSchema },
  exportAccount: { response: AccountExportSchema },
  deleteAccount: { response: null, body: DeleteAccountInputSchema },

  user: { response: UserSchema },
  userExperiences: { response: z.array(ExperienceSchema) },
  userEducation: { response: z.array(EducationSchema) },
  userSkills: { response: z.array(SkillSchema) },
  userActiveResume: { response: ResumeSchema.nullable() },
  resumeFile: {},
  resumeLink: {},
  profileStatus: { response: UserSchema, body: ProfileStatusInputSchema },
  currentCompany: { response: UserSchema, body: CurrentCompanyInputSchema },
  notWorking: { response: UserSchema, body: NotWorkingInputSchema },
  willingness: { response: UserSchema, body: WillingnessInputSchema },

  referralRequests: { response: ReferralRequestListSchema },
  createReferralRequest: {
    response: CreateReferralRequestResultSchema,
    body: CreateReferralRequestInputSchema,
  },
  referralStatus: { response: ReferralSchema, body: UpdateReferralStatusInputSchema },
  referralRelationship: { response: ReferralSchema, body: UpdateRelationshipInputSchema },
  referralMessages: { response: ReferralThreadSchema },
  sendReferralMessage: { response: ReferralMessageSchema, body: ReferralMessageInputSchema },
  withdrawReferralRequest: { response: ReferralRequestSchema },
  resubmitReferralRequest: { response: ReferralRequestSchema, body: ResubmitInputSchema },
  undoDecline: { response: ReferralSchema },
  referralPacket: { response: ReferralPacketSchema },
  confirmReferral: { response: ReferralSchema, body: ReferralConfirmationInputSchema },
  companies: { response: z.array(CompanySummarySchema) },
  companyDirectory: { response: CompanyDirectoryPageSchema },
  detectCompany: { response: CompanyDetectionSchema },
  companyStats: { response: CompanyStatsSchema },
  wantedCompanies: { response: WantedCompaniesSchema },
  jobPreview: { response: JobPreviewSchema },
  verification: { response: VerificationStatusSchema },
  sendVerificationCode: { response: SendVerificationCodeResultSchema, body: SendVerificationCodeInputSchema },
  confirmVerificationCode: { response: VerificationStatusSchema, body: ConfirmVerificationCodeInputSchema },
  referrerRecord: { response: ReferrerRecordSchema },
  referrerBonuses: { response: ReferralBonusListSchema },
  recordBonus: { response: ReferralBonusSchema, body: ReferralBonusInputSchema },

  notifications: { response: NotificationListSchema },
  recentNotifications: { response: NotificationListSchema },
  unreadCount: { response: UnreadCountSchema },
  notificationStream: {},
  markAllNotificationsRead: { response: MarkAllReadResultSchema },
  markNotificationRead: { response: NotificationSchema },
  deleteNotification: { response: null },

  adminAudit: { response: AdminAuditPageSchema },
  adminReports: { response: AdminReportListSchema },
  adminQueueCounts: { response: AdminQueueCountsSchema },
  adminDemand: { response: AdminDemandPageSchema },
  resolveReport: { response: AdminReportSchema, body: ResolveReportInputSchema },
  adminUsers: { response: AdminUserListSchema },
  suspendUser: { response: AdminUserSchema, body: SuspendUserInputSchema },
  unsuspendUser: { response: AdminUserSchema },
  verifyUser: { response: AdminUserSchema, body: VerifyUserInputSchema },
  unverifyUser: { response: AdminUserSchema },
  adminUser: { response: AdminUserViewSchema },
  adminRequest: { response: AdminRequestViewSchema },
  adminCompanies: { response: AdminCompanyListSchema },
  setCompanyEmailDomains: { response: AdminCompanySchema, body: CompanyEmailDomainsInputSchema },
  mergeCompany: { response: AdminCompanySchema, body: MergeCompanyInputSchema },
  adminHeldRequests: { response: AdminHeldRequestListSchema },
  releaseHeldRequest: { response: ReleasedRequestSchema, body: ReleaseHeldInputSchema },
  rejectHeldRequest: { response: AdminHeldRequestSchema, body: RejectHeldInputSchema },
  adminHeldMessages: { response: AdminHeldMessageListSchema },
  releaseHeldMessage: { response: AdminHeldMessageSchema, body: ReleaseHeldInputSchema },
  rejectHeldMessage: { response: AdminHeldMessageSchema, body: RejectHeldInputSchema },
  fileReport: { response: ReportSchema, body: ReportInputSchema },
  blockUser: { response: BlockStateSchema },
  unblockUser: { response: BlockStateSchema },
  myBlocks: { response: BlockedUsersSchema },
  watchCompany: { response: WatchStateSchema },
  unwatchCompany: { response: WatchStateSchema },
  myWatches: { response: CompanyWatchListSchema },
  myInvite: { response: ReferrerInviteSchema },
  openings: { response: OpeningListSchema },
  postOpening: { response: OpeningSchema, body: CreateOpeningInputSchema },
  deleteOpening: { response: SuccessSchema },
} as const satisfies Record<ApiRouteName, ApiRouteSchemas>;
