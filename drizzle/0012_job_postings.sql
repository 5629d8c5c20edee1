ALTER TABLE "referral_requests" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "job_location" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "job_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "job_source" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "job_checked_at" timestamp with time zone;