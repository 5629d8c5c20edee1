import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A required column naming a user whose row goes with the user's account (docs/product.md, Privacy: a
 * deleted account takes with it what is theirs).
 */
const userRef = <Name extends string>(name: Name) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A required column naming a company whose row goes with the company. */
const companyRef = <Name extends string>(name: Name) =>
  integer(name)
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  fullName: text('full_name').notNull(),
  role: text('role', { enum: ['job_seeker', 'referrer'] })
    .notNull()
    .default('job_seeker'),
  profilePicture: text('profile_picture'),
  profileCompleted: boolean('profile_completed').notNull().default(false),
  bio: text('bio'),
  currentCompanyName: text('current_company_name'),
  willingToGiveReferrals: boolean('willing_to_give_referrals').notNull().default(false),
  /** Said "I'm not working right now" (student, between jobs): the company prompt stops asking. */
  notWorking: boolean('not_working').notNull().default(false),
  /**
   * Set by an admin (issue 25; docs/decisions/039-running-the-marketplace.md): no session is live and no
   * sign-in completes while it is set; their requests wait unmatched and nobody is assigned to them.
   */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

/** A user's sign-in identity at one issuer; users are found by (issuer, subject), never by email alone. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identities_issuer_subject_key').on(t.issuer, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/** Only a SHA-256 hash of the cookie token is kept, so a leaked table cannot sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    normalizedName: text('normalized_name').notNull(),
    domain: text('domain'),
    /**
     * The email domains whose addresses verify the company's employees (a subdomain of one counts too).
     * Admins set them (PUT /api/admin/companies/{id}); migration 0024 started it from `domain`.
     */
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    logo: text('logo'),
    website: text('website'),
    description: text('description'),
    isPartner: boolean('is_partner').notNull().default(false),
    /**
     * Shown in the company list and matched by detection. A name typed only on a referral request is
     * unlisted: private to that request until someone names it as their current company.
     */
    listed: boolean('listed').notNull().default(true),
    /**
     * How many referrers name the company, kept by the database itself (trigger referrers_count_companies,
     * migration 0029) through every insert, delete, cascade and move of a referrer. The directory walks only
     * the companies where it is above zero: it probed every unstaffed company on its way before.
     */
    referrerCount: integer('referrer_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_normalized_name_key').on(t.normalizedName),
    index('companies_domain_idx')
      .on(t.domain)
      .where(sql`${t.domain} is not null`),
    // GET /api/companies/directory: listed companies with referrers, by name in byte order (the same on
    // every database), which also serves its prefix search as a range.
    index('companies_directory_idx')
      .on(sql`${t.normalizedName} collate "C"`)
      .where(sql`${t.listed} and ${t.referrerCount} > 0`),
  ],
);

/**
 * The names of companies an admin merged away, each with the company it was merged into: a name typed later
 * (a current company, a request) finds that company instead of making the duplicate again. A later merge of
 * that company carries its names along.
 */
export const companyAliases = pgTable(
  'company_aliases',
  {
    normalizedName: text('normalized_name').primaryKey(),
    companyId: companyRef('company_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_aliases_company_idx').on(t.companyId)],
);

export const experiences = pgTable(
  'experiences',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    companyName: text('company_name').notNull(),
    jobTitle: text('job_title').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    currentlyWorking: boolean('currently_working').notNull().default(false),
    description: text('description'),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('experiences_user_idx').on(t.userId)],
);

export const education = pgTable(
  'education',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    instituteName: text('institute_name').notNull(),
    degree: text('degree').notNull(),
    major: text('major').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    currentlyStudying: boolean('currently_studying').notNull().default(false),
    description: text('description'),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('education_user_idx').on(t.userId)],
);

export const skills = pgTable(
  'skills',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    skill: text('skill').notNull(),
    proficiency: text('proficiency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One of each skill per user, whatever its case.
  (t) => [uniqueIndex('skills_user_skill_key').on(t.userId, sql`lower(${t.skill})`)],
);

/**
 * The client's file name is only displayed. The bytes are in `resume_files`; `storage_key` names a file
 * still on disk under `$DATA_DIR/uploads` from before that table, and is cleared when the file moves in.
 */
export const resumes = pgTable(
  'resumes',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resumes_user_idx').on(t.userId),
    uniqueIndex('resumes_storage_key_key').on(t.storageKey),
    // At most one active resume per user.
    uniqueIndex('resumes_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.isActive}`),
  ],
);

/** PGlite answers bytea as a Uint8Array and pg as a Buffer: the app always sees a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A resume's bytes, one row per resume: deleting the resume (or its user) deletes its bytes. */
export const resumeFiles = pgTable('resume_files', {
  resumeId: integer('resume_id')
    .primaryKey()
    .references(() => resumes.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest-first pages of one user's list (and the recent 10). NULLS FIRST is what a plain `ORDER BY … DESC`
    // means; with NULLS LAST the planner cannot read the index in order and sorts the whole list instead.
    index('notifications_user_newest_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unread count touches only unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.read}`),
  ],
);

/** What users did (docs/product.md, The API): kept for product analytics, never shown back to users. */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    category: text('category').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_user_created_idx').on(t.userId, t.createdAt)],
);

/** A user who offers referrals, at the company they currently work for (docs/product.md, Roles and Matching). */
export const referrers = pgTable(
  'referrers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    position: text('position'),
    department: text('department'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** How isVerified was earned: the sign-in email's domain, a work-email code, or an admin by hand. */
    verificationMethod: text('verification_method', { enum: ['sign-in-email', 'work-email', 'admin'] }),
    // When isVerified was earned or last renewed; it lapses VERIFICATION_TTL later, judged when read
    // (docs/decisions/035-verification-lapse.md). lapseRemindedAt: this period's reminder went out.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lapseRemindedAt: timestamp('lapse_reminded_at', { withTimezone: true }),
    startDate: date('start_date', { mode: 'string' }),
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Copies kept by the database (migration 0032's triggers, docs/decisions/048-referrer-availability-copies.md),
    // so the directory and the stats count who is available from this table alone; never written by the app.
    /** users.willing_to_give_referrals and users.suspended_at is null. */
    willingNow: boolean('willing_now').notNull().default(false),
    /** user_settings.referrals_paused_until. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** user_settings.time_zone. */
    timeZone: text('time_zone'),
  },
  (t) => [index('referrers_company_idx').on(t.companyId)],
);

/** A seeker's request for a referral to one job posting; the client's resume link is never stored. */
export const referralRequests = pgTable(
  'referral_requests',
  {
    id: serial('id').primaryKey(),
    jobSeekerId: userRef('job_seeker_id'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    position: text('position').notNull(),
    jobUrl: text('job_url').notNull(),
    normalizedJobUrl: text('normalized_job_url').notNull(),
    status: text('status').notNull().default('pending'),
    message: text('message'),
    // The seeker's answer to 'Have you already applied for this job?'; null when they did not say
    // (docs/decisions/082-already-applied-and-relationship.md).
    alreadyApplied: boolean('already_applied'),
    // The posting as last read (docs/decisions/032-job-postings.md); unknown until it is.
    jobTitle: text('job_title'),
    jobLocation: text('job_location'),
    jobStatus: text('job_status').notNull().default('unknown'),
    jobSource: text('job_source'),
    jobCheckedAt: timestamp('job_checked_at', { withTimezone: true }),
    // The liveness sweep (docs/decisions/032-job-postings.md): when it reads the posting next, since when
    // every reading said unknown (null after any open or closed answer), and when the seeker was told so.
    jobNextCheckAt: timestamp('job_next_check_at', { withTimezone: true }),
    jobUnknownSince: timestamp('job_unknown_since', { withTimezone: true }),
    jobUnknownFlaggedAt: timestamp('job_unknown_flagged_at', { withTimezone: true }),
    // Retention (docs/decisions/036-retention.md): when the request closed (CLOSED_REQUEST_STATUSES), when
    // the seeker was told of the coming erasure, and when its free text, thread and access were erased.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    erasureNoticedAt: timestamp('erasure_noticed_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    // Payment offers (issue 25 item 6; docs/decisions/039-running-the-marketplace.md): the rule that held the
    // request (kept after the review: it was held), when an admin released or rejected it, and why it was
    // rejected (erased with the message by retention).
    heldRule: text('held_rule'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per posting per seeker, however the URL is spelled; also guards concurrent submits.
    // An ended one may be asked again (ENDED_REQUEST_STATUSES; docs/decisions/033-request-lifecycle.md).
    uniqueIndex('referral_requests_seeker_job_key')
      .on(t.jobSeekerId, t.normalizedJobUrl)
      .where(sql`${t.status} not in ('declined', 'expired', 'withdrawn', 'job_closed')`),
    // The seeker's list, newest first.
    index('referral_requests_seeker_newest_idx').on(t.jobSeekerId, t.id.desc().nullsFirst()),
    // The daily request limit: a seeker's requests of the last 24 hours.
    index('referral_requests_seeker_created_idx').on(t.jobSeekerId, t.createdAt),
    // A company's response-rate window (GET /api/companies/{id}/stats).
    index('referral_requests_company_created_idx').on(t.companyId, t.createdAt),
    // Waiting requests of a company, oldest first (only pending ones can be waiting).
    index('referral_requests_company_pending_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The liveness sweep's claim: open requests whose posting is due for a reading, soonest first.
    index('referral_requests_job_next_check_idx')
      .on(t.jobNextCheckAt)
      .where(sql`${t.status} in ('pending', 'accepted', 'changes_requested')`),
    // The retention sweep's claims: closed requests not erased yet, longest closed first.
    index('referral_requests_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null and ${t.erasedAt} is null`),
    // The admin queue of held requests, oldest first.
    index('referral_requests_held_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** The assignment of a request to one referrer, and its progress along the status machine. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => referralRequests.id, { onDelete: 'cascade' }),
    referrerId: userRef('referrer_id'),
    status: text('status').notNull().default('pending'),
    feedback: text('feedback'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When the referrer first answered (the referral left pending by accept or decline). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Set with a decline (DECLINE_REASONS in src/shared/referral-texts.ts); null otherwise. */
    declineReason: text('decline_reason'),
    /** When the referrer declined: the undo window runs from here, and the hand-off waits for it. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** When the reminder at half the response time went out; set once (docs/product.md, A request's life). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The company's referral or candidate id, as the referrer gave it when marking it submitted. */
    candidateId: text('candidate_id'),
    /** The seeker's answer once it was submitted: 'received' or 'not_received' (issue 24 item 7). */
    seekerConfirmation: text('seeker_confirmation'),
    seekerConfirmedAt: timestamp('seeker_confirmed_at', { withTimezone: true }),
    /**
     * How the referrer knows the seeker (RELATIONSHIPS), given when accepting; null before
     * (docs/decisions/082-already-applied-and-relationship.md).
     */
    relationship: text('relationship'),
    /** When the referrer was asked whether they submitted an accepted referral (SUBMIT_REMINDER_AFTER); once. */
    submitRemindedAt: timestamp('submit_reminded_at', { withTimezone: true }),
    /** When the request passed on to another referrer; null for the request's current referral. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /**
     * When the referral last became pending: its assignment, or the seeker's resubmit after changes were
     * asked for. REFERRAL_RESPONSE_TIME (the reminder, the hand-off, respondBy) counts from here
     * (docs/decisions/084-changes-requested.md).
     */
    pendingSince: timestamp('pending_since', { withTimezone: true }).notNull().defaultNow(),
    /** The changes the referrer asked for last (CHANGE_KINDS); null until they ask. */
    requestedChanges: text('requested_changes').array(),
    /** How many times the referrer asked for changes (MAX_CHANGE_ROUNDS at most). */
    changeRounds: integer('change_rounds').notNull().default(0),
    /** When the referrer last asked for changes: CHANGES_WINDOW counts from here; null once resubmitted. */
    changesRequestedAt: timestamp('changes_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Earlier referrals stay as history; a request has at most one current referral, even under races.
    uniqueIndex('referrals_request_current_key')
      .on(t.requestId)
      .where(sql`${t.supersededAt} is null`),
    index('referrals_request_idx').on(t.requestId),
    // The sweep: current pending referrals, pending longest first.
    index('referrals_pending_current_since_idx')
      .on(t.pendingSince)
      .where(sql`${t.status} = 'pending' and ${t.supersededAt} is null`),
    // The sweep: current referrals waiting on the seeker's changes, asked longest ago first.
    index('referrals_changes_requested_current_idx')
      .on(t.changesRequestedAt)
      .where(sql`${t.status} = 'changes_requested' and ${t.supersededAt} is null`),
    // The sweep: current declines whose undo window may have passed, oldest first.
    index('referrals_declined_current_idx')
      .on(t.declinedAt)
      .where(sql`${t.status} = 'declined' and ${t.supersededAt} is null`),
    // The referrer's list, newest request first; also answers "does this referrer hold one of X's requests".
    index('referrals_referrer_request_idx').on(t.referrerId, t.requestId.desc().nullsFirst()),
    // The monthly cap: a referrer's assignments since the start of their month.
    index('referrals_referrer_created_idx').on(t.referrerId, t.createdAt),
    // Capacity: a referrer's open referrals.
    index('referrals_referrer_open_idx')
      .on(t.referrerId)
      .where(sql`${t.status} in ('pending', 'accepted', 'changes_requested')`),
  ],
);

/**
 * Issue 50 item 5: the bonus a referrer tracks for a successful referral, theirs alone
 * (docs/decisions/083-referral-bonus-tracker.md). One row a referral; it goes with the referral, and with the
 * referrer's account. The sweep reminds 7 days before `expected_payout_on` and on it, each once
 * (`early_reminded_at`, `due_reminded_at`), while the status is 'waiting'.
 */
export const referralBonuses = pgTable(
  'referral_bonuses',
  {
    referralId: integer('referral_id')
      .primaryKey()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    referrerId: userRef('referrer_id'),
    hiredOn: date('hired_on', { mode: 'string' }).notNull(),
    payoutAfterDays: integer('payout_after_days').notNull(),
    expectedPayoutOn: date('expected_payout_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    currency: text('currency'),
    status: text('status').notNull(),
    earlyRemindedAt: timestamp('early_reminded_at', { withTimezone: true }),
    dueRemindedAt: timestamp('due_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The referrer's list.
    index('referral_bonuses_referrer_idx').on(t.referrerId),
    // The sweep: waiting bonuses by their expected day.
    index('referral_bonuses_waiting_due_idx')
      .on(t.expectedPayoutOn)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * Every status a referral took, with the note given with it (docs/decisions/034-request-timeline.md): the
 * timeline both cards show. `referrals.feedback` keeps only the latest note; nothing here is overwritten.
 */
export const referralStatusChanges = pgTable(
  'referral_status_changes',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A page of cards reads the changes of its referrals, in order.
  (t) => [index('referral_status_changes_referral_idx').on(t.referralId, t.id)],
);

/** Messages between a seeker and the referrer holding their referral (src/shared/referral-messages.ts). */
export const referralMessages = pgTable(
  'referral_messages',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    body: text('body').notNull(),
    // Payment offers (issue 25 item 6): delivered, or held for an admin (only its author sees it) and then
    // delivered or rejected; the rule that held it, when it was reviewed, and why it was rejected.
    status: text('status').notNull().default('delivered'),
    heldRule: text('held_rule'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_messages_referral_idx').on(t.referralId, t.id),
    // The admin queue of held messages, oldest first.
    index('referral_messages_held_idx')
      .on(t.id)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** A user's choices about how we reach them; no row means every default (mail on). */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** The user's IANA time zone (from the browser at sign-in); mail writes times in it, UTC when unknown. */
    timeZone: text('time_zone'),
    /** Issue 25 item 9: at most this many new assignments per calendar month in `timeZone`; null, no cap. */
    monthlyReferralCap: integer('monthly_referral_cap'),
    /** No new assignments until this day begins in `timeZone`; willingness and record stay. */
    referralsPausedUntil: date('referrals_paused_until', { mode: 'string' }),
    /**
     * When the sweep last handed a capped referrer the waiting requests at their company because a new month
     * had begun in `timeZone` (their cap counts afresh); null, never.
     */
    capMonthHandedOutAt: timestamp('cap_month_handed_out_at', { withTimezone: true }),
    /**
     * Issue 50 item 4: false, referrers read 'Current employer (hidden)' in place of the current company's
     * name wherever they see the user (lib/seeker-view.ts; docs/decisions/085-a-job-hunt-hidden-from-the-employer.md).
     */
    showCurrentEmployer: boolean('show_current_employer').notNull().default(true),
    /** A personal address confirmed by a mailed code: all the user's notification mail goes there; null, none. */
    notificationEmail: text('notification_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sweep's claim of pauses that ended (it clears them and hands out waiting requests).
    index('user_settings_paused_idx')
      .on(t.referralsPausedUntil)
      .where(sql`${t.referralsPausedUntil} is not null`),
    // The sweep's claim of capped referrers whose month has begun since it last looked.
    index('user_settings_capped_idx')
      .on(t.capMonthHandedOutAt)
      .where(sql`${t.monthlyReferralCap} is not null`),
  ],
);

/**
 * Mail waiting to be sent, written in the transaction of the event that causes it; a worker claims due
 * rows (FOR UPDATE SKIP LOCKED) and sends them with retries. Without SMTP this table is the dev outbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** Whose mail this is: exported and deleted with the account, never found by address. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    /** Lower goes first: 0 for time-bound mail (verification codes), 1 for the rest. */
    priority: integer('priority').notNull().default(1),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the worker gave up (too many attempts, or the server refused for good). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's queue: only mail still to send, soonest first.
    index('mail_outbox_due_idx')
      .on(t.priority, t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // The dev outbox page and its `to` filter, newest first.
    index('mail_outbox_to_idx').on(sql`lower(${t.to})`, t.id.desc().nullsFirst()),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);

/**
 * A 6-digit code mailed to a referrer's work address (docs/product.md, Verification): only an HMAC of it is
 * kept; it lives 15 minutes and allows 5 tries. Rows also count the codes sent in the last hour.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    /**
     * What the code proves: a work address at the referrer's company (`companyId` names it), or a personal
     * address for the user's mail (no company). Each has its own hourly count (lib/mailed-codes.ts).
     */
    purpose: text('purpose', { enum: ['work-email', 'notification-email'] })
      .notNull()
      .default('work-email'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_user_created_idx').on(t.userId, t.createdAt),
    // A work address proves employment at one company; a personal address at none.
    check(
      'verification_codes_company_by_purpose',
      sql`(${t.purpose} = 'work-email') = (${t.companyId} is not null)`,
    ),
  ],
);

/**
 * Every admin write (issue 25 item 1): who did what to which row, why, and when. Kept when the admin's
 * account goes (actor_email keeps the name); targets are not foreign keys, since a merged company or a
 * deleted user must not take their history with them.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The log is read newest first, a page at a time (keyset on id).
  (t) => [index('admin_audit_log_actor_idx').on(t.actorId)],
);

/**
 * A report of one user by another who shares a request with them (issue 25 item 2). One open report per
 * reporter and subject; an admin resolves it. Gone with either user's account.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: userRef('reporter_id'),
    subjectId: userRef('subject_id'),
    requestId: integer('request_id').references(() => referralRequests.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    resolutionAction: text('resolution_action'),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_pair_key')
      .on(t.reporterId, t.subjectId)
      .where(sql`${t.status} = 'open'`),
    // The admin queue: open reports, oldest first, in the queue's whole order (no sort before its limit).
    index('reports_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_subject_idx').on(t.subjectId),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/**
 * A user who no longer wants to deal with another (issue 25 item 3): matching never pairs the two again,
 * either way round. The blocked user is never told. Gone with either account.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Did anyone block this user": the other half of the either-way check.
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/**
 * A user watching a company where nobody can take a request now (issue 49 item 1): told once when someone
 * can, and the watch ends then (docs/decisions/078-a-watch-tells-once.md). One per user and company; gone
 * with either.
 */
export const companyWatches = pgTable(
  'company_watches',
  {
    userId: userRef('user_id'),
    companyId: companyRef('company_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    // The company's watchers, when one of its referrers can take requests.
    index('company_watches_company_idx').on(t.companyId),
  ],
);
export type CompanyWatchRow = typeof companyWatches.$inferSelect;

/**
 * A referrer's invitation code (issue 49 item 3): made once, the first time they ask for their link, and
 * kept (docs/decisions/080-an-invitation-counts-once.md). Random, never derived from the user's id.
 */
export const referrerInvites = pgTable('referrer_invites', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A new account made through an invitation: one row per joiner (the first invitation they signed up
 * through). `referredAt` and `companyId`: when they became a referrer at the inviter's company, and the
 * inviter was told (once; the conditional update on a null `referredAt` decides).
 */
export const invitationJoins = pgTable(
  'invitation_joins',
  {
    joinerId: integer('joiner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    referredAt: timestamp('referred_at', { withTimezone: true }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
  },
  // The inviter's count of those who joined.
  (t) => [index('invitation_joins_inviter_idx').on(t.inviterId)],
);

/**
 * An opening a referrer posted at their company (issue 49 item 2,
 * docs/decisions/081-openings-route-to-their-referrer.md). Open while `closed_at` is null and its referrer is
 * still a willing referrer at `company_id` (referrers.willing_now); closed by its referrer, by the liveness
 * sweep reading its posting closed, or when the referrer stops referring there; gone with the account.
 */
export const referrerOpenings = pgTable(
  'referrer_openings',
  {
    id: serial('id').primaryKey(),
    referrerId: userRef('referrer_id'),
    companyId: companyRef('company_id'),
    jobUrl: text('job_url').notNull(),
    normalizedJobUrl: text('normalized_job_url').notNull(),
    title: text('title').notNull(),
    location: text('location'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the liveness sweep reads its posting next. */
    jobNextCheckAt: timestamp('job_next_check_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open opening a posting, per referrer.
    uniqueIndex('referrer_openings_open_url_key')
      .on(t.referrerId, t.normalizedJobUrl)
      .where(sql`${t.closedAt} is null`),
    // The list, newest first, and the sweep's due ones: open openings only.
    index('referrer_openings_open_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.closedAt} is null`),
    index('referrer_openings_open_due_idx')
      .on(t.jobNextCheckAt)
      .where(sql`${t.closedAt} is null`),
    index('referrer_openings_company_idx').on(t.companyId),
  ],
);
export type ReferrerOpeningRow = typeof referrerOpenings.$inferSelect;
