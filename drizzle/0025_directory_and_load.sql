ALTER TABLE "user_settings" ADD COLUMN "monthly_referral_cap" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "referrals_paused_until" date;--> statement-breakpoint
CREATE INDEX "companies_directory_idx" ON "companies" USING btree ("normalized_name" collate "C") WHERE "companies"."listed";--> statement-breakpoint
CREATE INDEX "referrals_referrer_created_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "user_settings_paused_idx" ON "user_settings" USING btree ("referrals_paused_until") WHERE "user_settings"."referrals_paused_until" is not null;