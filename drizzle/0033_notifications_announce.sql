-- Every instance keeps each session's unread count in memory (docs/decisions/040-unread-count-in-memory.md) and
-- feeds the open streams from the notification channel: a notification added, changed or removed by any path,
-- the app's or an operator's SQL, must say so. As for users and sessions (0030_signed_in_changes.sql), the
-- table's trigger announces it, and the app no longer does. Identical payloads in one transaction reach the
-- listeners once, so a statement that marks all of a user's notifications read announces it once.
CREATE FUNCTION "announce_notification_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', NEW."user_id", 'kind', 'created', 'id', NEW."id")::text);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', OLD."user_id", 'kind', 'deleted')::text);
    RETURN NULL;
  END IF;
  IF OLD IS NOT DISTINCT FROM NEW THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('referbridge_notifications', json_build_object('userId', OLD."user_id", 'kind', 'read')::text);
  IF NEW."user_id" <> OLD."user_id" THEN
    PERFORM pg_notify('referbridge_notifications', json_build_object('userId', NEW."user_id", 'kind', 'read')::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_announce_changes" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "announce_notification_changed"();
