-- Every instance keeps each company's response numbers in memory until a change of them is announced
-- (docs/decisions/076-company-numbers-kept-until-they-change.md). The numbers are read from a company's
-- requests (company_id, created_at) and their referrals (status, answered_at, created_at): a change of those,
-- by any path, the app's or an operator's SQL, says so on its own channel. Identical payloads in one
-- transaction reach the listeners once.
CREATE FUNCTION "announce_referral_numbers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."status" IS NOT DISTINCT FROM OLD."status"
    AND NEW."answered_at" IS NOT DISTINCT FROM OLD."answered_at"
    AND NEW."created_at" IS NOT DISTINCT FROM OLD."created_at"
    AND NEW."request_id" IS NOT DISTINCT FROM OLD."request_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT "company_id" INTO company FROM "referral_requests" WHERE "id" = OLD."request_id";
    -- A request deleted with its referrals has announced itself (below).
    IF company IS NOT NULL THEN
      PERFORM pg_notify('referbridge_companies', json_build_object('companyId', company)::text);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT "company_id" INTO company FROM "referral_requests" WHERE "id" = NEW."request_id";
    PERFORM pg_notify('referbridge_companies', json_build_object('companyId', company)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referrals_announce_company_numbers" AFTER INSERT OR UPDATE OR DELETE ON "referrals"
  FOR EACH ROW EXECUTE FUNCTION "announce_referral_numbers_changed"();--> statement-breakpoint
CREATE FUNCTION "announce_request_numbers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."company_id" IS NOT DISTINCT FROM OLD."company_id"
    AND NEW."created_at" IS NOT DISTINCT FROM OLD."created_at" THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('referbridge_companies', json_build_object('companyId', OLD."company_id")::text);
  IF TG_OP = 'UPDATE' AND NEW."company_id" <> OLD."company_id" THEN
    PERFORM pg_notify('referbridge_companies', json_build_object('companyId', NEW."company_id")::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referral_requests_announce_company_numbers" AFTER UPDATE OR DELETE ON "referral_requests"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_numbers_changed"();
