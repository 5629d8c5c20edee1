DROP INDEX "referral_requests_seeker_job_key";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referrals_declined_current_idx" ON "referrals" USING btree ("declined_at") WHERE "referrals"."status" = 'declined' and "referrals"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_seeker_job_key" ON "referral_requests" USING btree ("job_seeker_id","normalized_job_url") WHERE "referral_requests"."status" not in ('declined', 'expired', 'withdrawn', 'job_closed');