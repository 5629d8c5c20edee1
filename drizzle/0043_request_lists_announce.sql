-- Every instance keeps each viewer's first page of requests in memory until a change of anyone the page shows
-- is heard (docs/decisions/089-request-lists-kept-until-their-people-change.md): each card's seeker, its
-- referrer and the referrers of its history. A change of what a card is read from says so, by any path (the
-- app's or an operator's SQL), on the notification channel as 'lists-changed' for the users whose pages it
-- may change: a request's seeker; a referral's referrer and its request's seeker; a seeker's settings and
-- resumes. A page that shows a seeker's card is dropped when that seeker is, so a request's referrers need
-- no word of their own. A user's own row already says 'user-changed' (0030_signed_in_changes.sql).
-- Identical payloads in one transaction reach the listeners once.
--
-- A row whose user's pages it is on, named by the trigger's argument: a request's seeker, a user's settings
-- and résumés (whether referrers see their employer, the cards' résumé link).
CREATE FUNCTION "announce_request_lists_of_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', (to_jsonb(OLD) ->> TG_ARGV[0])::integer, 'kind', 'lists-changed')::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', (to_jsonb(NEW) ->> TG_ARGV[0])::integer, 'kind', 'lists-changed')::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referral_requests_announce_lists" AFTER INSERT OR UPDATE OR DELETE ON "referral_requests"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_lists_of_owner"('job_seeker_id');--> statement-breakpoint
CREATE TRIGGER "user_settings_announce_lists" AFTER INSERT OR UPDATE OR DELETE ON "user_settings"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_lists_of_owner"('user_id');--> statement-breakpoint
CREATE TRIGGER "resumes_announce_lists" AFTER INSERT OR UPDATE OR DELETE ON "resumes"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_lists_of_owner"('user_id');--> statement-breakpoint
CREATE FUNCTION "announce_request_lists_of_referral"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seeker integer;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', OLD."referrer_id", 'kind', 'lists-changed')::text);
    -- A request deleted with its referrals has said so itself.
    SELECT "job_seeker_id" INTO seeker FROM "referral_requests" WHERE "id" = OLD."request_id";
    IF seeker IS NOT NULL THEN
      PERFORM pg_notify('referbridge_notifications', json_build_object('userId', seeker, 'kind', 'lists-changed')::text);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', NEW."referrer_id", 'kind', 'lists-changed')::text);
    SELECT "job_seeker_id" INTO seeker FROM "referral_requests" WHERE "id" = NEW."request_id";
    IF seeker IS NOT NULL THEN
      PERFORM pg_notify('referbridge_notifications', json_build_object('userId', seeker, 'kind', 'lists-changed')::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referrals_announce_lists" AFTER INSERT OR UPDATE OR DELETE ON "referrals"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_lists_of_referral"();--> statement-breakpoint
CREATE FUNCTION "announce_request_lists_of_status_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  referrer integer;
  seeker integer;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  -- A referral deleted with its changes has said so itself (its row is gone here).
  IF TG_OP <> 'INSERT' THEN
    SELECT r."referrer_id", q."job_seeker_id" INTO referrer, seeker
      FROM "referrals" r JOIN "referral_requests" q ON q."id" = r."request_id" WHERE r."id" = OLD."referral_id";
    IF referrer IS NOT NULL THEN
      PERFORM pg_notify('referbridge_notifications', json_build_object('userId', referrer, 'kind', 'lists-changed')::text);
      PERFORM pg_notify('referbridge_notifications', json_build_object('userId', seeker, 'kind', 'lists-changed')::text);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT r."referrer_id", q."job_seeker_id" INTO referrer, seeker
      FROM "referrals" r JOIN "referral_requests" q ON q."id" = r."request_id" WHERE r."id" = NEW."referral_id";
    IF referrer IS NOT NULL THEN
      PERFORM pg_notify('referbridge_notifications', json_build_object('userId', referrer, 'kind', 'lists-changed')::text);
      PERFORM pg_notify('referbridge_notifications', json_build_object('userId', seeker, 'kind', 'lists-changed')::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referral_status_changes_announce_lists" AFTER INSERT OR UPDATE OR DELETE ON "referral_status_changes"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_lists_of_status_change"();--> statement-breakpoint
-- A company's name and partner mark are on every card of its requests: each of their seekers is told. Its
-- other columns (counts kept by triggers, the directory's copies) change no card and stay silent.
CREATE FUNCTION "announce_request_lists_of_company"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seeker integer;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."id" = OLD."id"
    AND NEW."name" IS NOT DISTINCT FROM OLD."name"
    AND NEW."is_partner" IS NOT DISTINCT FROM OLD."is_partner" THEN
    RETURN NULL;
  END IF;
  FOR seeker IN SELECT DISTINCT "job_seeker_id" FROM "referral_requests" WHERE "company_id" = OLD."id" LOOP
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', seeker, 'kind', 'lists-changed')::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_announce_lists" AFTER UPDATE OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "announce_request_lists_of_company"();
