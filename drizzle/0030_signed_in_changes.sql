-- Every instance keeps the signed-in user of a session in memory (docs/decisions/045-signed-in-user-in-memory.md)
-- and must hear at once when it changes: a user's row, or any of their sessions ending or changing. Triggers,
-- so no path of the app's (nor an operator's SQL) can forget to say so. They speak on the notification
-- channel the live streams already hear (features/notifications/events.ts); the last_seen_at touch of a
-- read is not a change and stays silent.
CREATE FUNCTION "announce_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('referbridge_notifications', json_build_object('userId', OLD."id", 'kind', 'user-changed')::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_announce_changes" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_user_changed"();--> statement-breakpoint
CREATE FUNCTION "announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."token_hash" = OLD."token_hash"
    AND NEW."user_id" = OLD."user_id"
    AND NEW."created_at" = OLD."created_at"
    AND NEW."expires_at" = OLD."expires_at"
    AND NEW."last_seen_at" >= OLD."last_seen_at" THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('referbridge_notifications', json_build_object('userId', OLD."user_id", 'kind', 'signed-out')::text);
  IF TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id" THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', NEW."user_id", 'kind', 'signed-out')::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce_ended" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_ended"();
