ALTER TABLE "referral_requests" ADD COLUMN "job_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "job_unknown_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "job_unknown_flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referral_requests_job_next_check_idx" ON "referral_requests" USING btree ("job_next_check_at") WHERE "referral_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
-- Open requests made before the sweep existed are spread over the default JOB_CHECK_INTERVAL (24h).
UPDATE "referral_requests" SET "job_next_check_at" = now() + random() * interval '24 hours' WHERE "status" in ('pending', 'accepted');--> statement-breakpoint
UPDATE "referral_requests" SET "job_unknown_since" = "job_checked_at" WHERE "job_status" = 'unknown';
