ALTER TABLE "verification_codes" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "show_current_employer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "notification_email" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "purpose" text DEFAULT 'work-email' NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_company_by_purpose" CHECK (("verification_codes"."purpose" = 'work-email') = ("verification_codes"."company_id" is not null));