CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"type" text NOT NULL,
	"audience" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_club_idx" ON "live_events" USING btree ("club_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- hand-written: the live stream's change feed (docs/decisions/0120-live-stream.md). Each event row
-- is announced by NOTIFY live_events at its transaction's commit (never if it rolls back), with
-- the whole event as JSON when it fits in a notification, else its id and club only (the
-- listener then reads the row).
CREATE OR REPLACE FUNCTION notify_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  payload := json_build_object('id', NEW.id, 'clubId', NEW.club_id, 'type', NEW.type,
    'audience', NEW.audience, 'data', NEW.data)::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('id', NEW.id, 'clubId', NEW.club_id)::text;
  END IF;
  PERFORM pg_notify('live_events', payload);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER live_event_inserted AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION notify_live_event();
--> statement-breakpoint
-- hand-written: row-level security of the events, as migration 0007 does for the earlier tables
-- (tenant_isolation for club_app, other_roles for the owner); skipped with a warning where the
-- role club_app could not be created.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    RAISE WARNING 'sécurité au niveau des lignes non installée sur live_events : le rôle club_app manque';
    RETURN;
  END IF;
  GRANT SELECT, INSERT ON live_events TO club_app;
  ALTER TABLE live_events ENABLE ROW LEVEL SECURITY;
  ALTER TABLE live_events FORCE ROW LEVEL SECURITY;
  CREATE POLICY tenant_isolation ON live_events AS PERMISSIVE FOR ALL TO club_app
    USING (club_id = current_setting('app.club_id')::int)
    WITH CHECK (club_id = current_setting('app.club_id')::int);
  CREATE POLICY other_roles ON live_events AS PERMISSIVE FOR ALL TO PUBLIC
    USING (current_user <> 'club_app') WITH CHECK (current_user <> 'club_app');
  GRANT USAGE, SELECT ON SEQUENCE live_events_id_seq TO club_app;
END
$$;
