ALTER TABLE "referrals" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "not_working" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_requests_seeker_created_idx" ON "referral_requests" USING btree ("job_seeker_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_requests_company_created_idx" ON "referral_requests" USING btree ("company_id","created_at");--> statement-breakpoint
-- Referrals answered before this column existed: their last change is the best record of the answer.
UPDATE "referrals" SET "answered_at" = "updated_at" WHERE "status" IN ('accepted', 'declined', 'submitted', 'successful', 'unsuccessful');
