ALTER TABLE "referrers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "lapse_reminded_at" timestamp with time zone;--> statement-breakpoint
-- Verifications made before the clock existed start their period now: nobody lapses the day this ships
-- (docs/decisions/035-verification-lapse.md).
UPDATE "referrers" SET "verified_at" = now() WHERE "is_verified";
