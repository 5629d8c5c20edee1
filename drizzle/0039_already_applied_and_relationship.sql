ALTER TABLE "referral_requests" ADD COLUMN "already_applied" boolean;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "relationship" text;