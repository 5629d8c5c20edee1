ALTER TABLE "companies" ADD COLUMN "email_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
-- The one domain a company had verified its employees until now (seeded employers) becomes its first email domain.
UPDATE "companies" SET "email_domains" = ARRAY[lower("domain")] WHERE "domain" IS NOT NULL;
