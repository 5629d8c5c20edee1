ALTER TABLE "referrals" ADD COLUMN "seeker_confirmation" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "seeker_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "submit_reminded_at" timestamp with time zone;