ALTER TABLE "companies" ADD COLUMN "referrer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "companies" SET "referrer_count" = (
  SELECT count(*) FROM "referrers" WHERE "referrers"."company_id" = "companies"."id"
);--> statement-breakpoint
-- companies.referrer_count follows every change of referrers: inserts, deletes (a cascade from users
-- included) and moves between companies (a merge). A trigger, so no path of the app's can forget it.
CREATE FUNCTION "count_company_referrers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "companies" SET "referrer_count" = "referrer_count" - 1 WHERE "id" = OLD."company_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "companies" SET "referrer_count" = "referrer_count" + 1 WHERE "id" = NEW."company_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referrers_count_companies" AFTER INSERT OR DELETE OR UPDATE OF "company_id" ON "referrers"
  FOR EACH ROW EXECUTE FUNCTION "count_company_referrers"();--> statement-breakpoint
DROP INDEX "companies_directory_idx";--> statement-breakpoint
CREATE INDEX "companies_directory_idx" ON "companies" USING btree ("normalized_name" collate "C") WHERE "companies"."listed" and "companies"."referrer_count" > 0;
