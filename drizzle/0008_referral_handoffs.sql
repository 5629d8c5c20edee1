DROP INDEX "referrals_request_key";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_request_current_key" ON "referrals" USING btree ("request_id") WHERE "referrals"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "referrals_request_idx" ON "referrals" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "referrals_pending_current_created_idx" ON "referrals" USING btree ("created_at") WHERE "referrals"."status" = 'pending' and "referrals"."superseded_at" is null;