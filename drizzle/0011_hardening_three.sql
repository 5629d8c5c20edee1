DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("priority","next_attempt_at","id") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
-- Names typed only on requests (no domain: never seeded, and nobody works there) leave the shared list.
UPDATE "companies" SET "listed" = false
WHERE "domain" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "users"
    WHERE lower(btrim(regexp_replace("users"."current_company_name", '\s+', ' ', 'g'))) = "companies"."normalized_name"
  )
  AND NOT EXISTS (SELECT 1 FROM "referrers" WHERE "referrers"."company_id" = "companies"."id");--> statement-breakpoint
-- Mail already queued gets its owner where one account alone can be meant: a code mail by its code's user,
-- other mail by the one user with that sign-in address. What stays unowned was sent to nobody we know.
UPDATE "mail_outbox" SET "user_id" = owner.user_id
FROM (
  SELECT lower(email) AS address, min(user_id) AS user_id FROM "verification_codes"
  GROUP BY lower(email) HAVING count(DISTINCT user_id) = 1
) owner
WHERE "mail_outbox"."user_id" IS NULL AND lower("mail_outbox"."to") = owner.address;--> statement-breakpoint
UPDATE "mail_outbox" SET "user_id" = owner.user_id
FROM (
  SELECT lower(email) AS address, min(id) AS user_id FROM "users"
  GROUP BY lower(email) HAVING count(*) = 1
) owner
WHERE "mail_outbox"."user_id" IS NULL AND lower("mail_outbox"."to") = owner.address;--> statement-breakpoint
-- http:// and https:// spellings of one posting are one request: the key now always says https. A seeker
-- who already holds both keeps the http one as it was (no request is lost to the unique index).
UPDATE "referral_requests" r SET "normalized_job_url" = 'https://' || substr(r."normalized_job_url", 8)
WHERE r."normalized_job_url" LIKE 'http://%'
  AND NOT EXISTS (
    SELECT 1 FROM "referral_requests" o
    WHERE o."job_seeker_id" = r."job_seeker_id" AND o."normalized_job_url" = 'https://' || substr(r."normalized_job_url", 8)
  );
--> statement-breakpoint
-- Public mail providers never verify (free-mail.ts): the referrers verified at a seeded employer whose own
-- domain is one (Yahoo, Zoho, BT Group; free-mail.test.ts keeps this list whole) go back to pending.
UPDATE "referrers" SET "is_verified" = false, "verification_method" = NULL
WHERE "is_verified" AND "company_id" IN (
  SELECT "id" FROM "companies" WHERE "domain" IN ('yahoo.com', 'zoho.com', 'bt.com')
);
