import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  fullName: text('full_name').notNull(),
  role: text('role', { enum: ['job_seeker', 'referrer'] }).notNull().default('job_seeker'),
  profilePicture: text('profile_picture'),
  profileCompleted: boolean('profile_completed').notNull().default(false),
  bio: text('bio'),
  currentCompanyName: text('current_company_name'),
  willingToGiveReferrals: boolean('willing_to_give_referrals').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's sign-in identity at one issuer; users are found by (issuer, subject), never by email alone. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_issuer_subject_key').on(t.issuer, t.subject), index('identities_user_idx').on(t.userId)],
);

/** Only a SHA-256 hash of the cookie token is kept, so a leaked table cannot sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    normalizedName: text('normalized_name').notNull(),
    domain: text('domain'),
    logo: text('logo'),
    website: text('website'),
    description: text('description'),
    isPartner: boolean('is_partner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_normalized_name_key').on(t.normalizedName),
    index('companies_domain_idx').on(t.domain).where(sql`${t.domain} is not null`),
  ],
);
