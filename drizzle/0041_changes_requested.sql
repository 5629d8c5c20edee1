DROP INDEX "referrals_pending_current_created_idx";--> statement-breakpoint
DROP INDEX "referral_requests_job_next_check_idx";--> statement-breakpoint
DROP INDEX "referrals_referrer_open_idx";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "pending_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "referrals" SET "pending_since" = "created_at";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "requested_changes" text[];--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "change_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referrals_pending_current_since_idx" ON "referrals" USING btree ("pending_since") WHERE "referrals"."status" = 'pending' and "referrals"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "referrals_changes_requested_current_idx" ON "referrals" USING btree ("changes_requested_at") WHERE "referrals"."status" = 'changes_requested' and "referrals"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "referral_requests_job_next_check_idx" ON "referral_requests" USING btree ("job_next_check_at") WHERE "referral_requests"."status" in ('pending', 'accepted', 'changes_requested');--> statement-breakpoint
CREATE INDEX "referrals_referrer_open_idx" ON "referrals" USING btree ("referrer_id") WHERE "referrals"."status" in ('pending', 'accepted', 'changes_requested');