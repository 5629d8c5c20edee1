ALTER TABLE "referrers" ADD COLUMN "willing_now" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- What the directory and the stats need to tell an available referrer, kept on the referrer's own row
-- (docs/decisions/048-referrer-availability-copies.md): willing and not suspended (users), and the pause
-- with its time zone (user_settings). Copies kept by triggers, so no path of the app's (willingness,
-- suspension, settings, a cascade) can forget them.
UPDATE "referrers" SET "willing_now" = "users"."willing_to_give_referrals" AND "users"."suspended_at" IS NULL
  FROM "users" WHERE "users"."id" = "referrers"."user_id";--> statement-breakpoint
UPDATE "referrers" SET "paused_until" = "user_settings"."referrals_paused_until", "time_zone" = "user_settings"."time_zone"
  FROM "user_settings" WHERE "user_settings"."user_id" = "referrers"."user_id";--> statement-breakpoint
-- A referrer row written with any of the copies (or a new one) takes them from their sources, whatever the
-- statement said: the copies are always what users and user_settings hold.
CREATE FUNCTION "fill_referrer_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."willing_now" := coalesce((
    SELECT "willing_to_give_referrals" AND "suspended_at" IS NULL FROM "users" WHERE "id" = NEW."user_id"
  ), false);
  NEW."paused_until" := NULL;
  NEW."time_zone" := NULL;
  SELECT "referrals_paused_until", "time_zone" INTO NEW."paused_until", NEW."time_zone"
    FROM "user_settings" WHERE "user_id" = NEW."user_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referrers_fill_availability"
  BEFORE INSERT OR UPDATE OF "user_id", "willing_now", "paused_until", "time_zone" ON "referrers"
  FOR EACH ROW EXECUTE FUNCTION "fill_referrer_availability"();--> statement-breakpoint
CREATE FUNCTION "copy_user_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "referrers" SET "willing_now" = NEW."willing_to_give_referrals" AND NEW."suspended_at" IS NULL
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_copy_availability"
  AFTER UPDATE OF "willing_to_give_referrals", "suspended_at" ON "users" FOR EACH ROW
  WHEN (OLD."willing_to_give_referrals" IS DISTINCT FROM NEW."willing_to_give_referrals"
    OR (OLD."suspended_at" IS NULL) IS DISTINCT FROM (NEW."suspended_at" IS NULL))
  EXECUTE FUNCTION "copy_user_availability"();--> statement-breakpoint
CREATE FUNCTION "copy_settings_pause"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "referrers" SET "paused_until" = NULL, "time_zone" = NULL WHERE "user_id" = OLD."user_id";
  ELSE
    UPDATE "referrers" SET "paused_until" = NEW."referrals_paused_until", "time_zone" = NEW."time_zone"
      WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_settings_copy_pause"
  AFTER INSERT OR DELETE OR UPDATE OF "referrals_paused_until", "time_zone" ON "user_settings"
  FOR EACH ROW EXECUTE FUNCTION "copy_settings_pause"();
