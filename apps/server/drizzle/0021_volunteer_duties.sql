CREATE TABLE "duties" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"libelle" text NOT NULL,
	"places" smallint NOT NULL,
	"places_prises" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duties_places_check" CHECK ("duties"."places" between 1 and 20),
	CONSTRAINT "duties_taken_check" CHECK ("duties"."places_prises" >= 0 and "duties"."places_prises" <= "duties"."places")
);
--> statement-breakpoint
CREATE TABLE "duty_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"libelle" text NOT NULL,
	"places" smallint NOT NULL,
	"types" text[] NOT NULL,
	CONSTRAINT "duty_templates_places_check" CHECK ("duty_templates"."places" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "duty_volunteers" (
	"duty_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"for_member_id" integer,
	"signed_up_by" integer,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_volunteers_duty_id_member_id_pk" PRIMARY KEY("duty_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "duties" ADD CONSTRAINT "duties_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duties" ADD CONSTRAINT "duties_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_templates" ADD CONSTRAINT "duty_templates_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_templates" ADD CONSTRAINT "duty_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_volunteers" ADD CONSTRAINT "duty_volunteers_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_volunteers" ADD CONSTRAINT "duty_volunteers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_volunteers" ADD CONSTRAINT "duty_volunteers_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_volunteers" ADD CONSTRAINT "duty_volunteers_for_member_id_members_id_fk" FOREIGN KEY ("for_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_volunteers" ADD CONSTRAINT "duty_volunteers_signed_up_by_members_id_fk" FOREIGN KEY ("signed_up_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duties_event_idx" ON "duties" USING btree ("club_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duties_event_libelle_unique" ON "duties" USING btree ("event_id","libelle");--> statement-breakpoint
CREATE INDEX "duty_templates_team_idx" ON "duty_templates" USING btree ("club_id","team_id");--> statement-breakpoint
CREATE INDEX "duty_volunteers_member_idx" ON "duty_volunteers" USING btree ("club_id","member_id");--> statement-breakpoint
CREATE INDEX "duty_volunteers_for_member_idx" ON "duty_volunteers" USING btree ("club_id","for_member_id");--> statement-breakpoint
-- hand-written: a team's duty templates join every new event of their types
-- (docs/decisions/0130-volunteer-duties.md). The event's teams are written right after the event,
-- in the same transaction: an event_teams row of an event created by this transaction (its
-- created_at is the transaction's now()) copies the team's templates of the event's type. Moving
-- an existing event to another team adds nothing. Two teams with the same template: one duty.
CREATE OR REPLACE FUNCTION add_duty_templates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO duties (club_id, event_id, position, libelle, places)
  SELECT NEW.club_id, NEW.event_id, t.position, t.libelle, t.places
    FROM duty_templates t
    JOIN events e ON e.id = NEW.event_id AND e.club_id = NEW.club_id
   WHERE t.club_id = NEW.club_id AND t.team_id = NEW.team_id
     AND e.type = ANY (t.types) AND e.created_at = now()
  ON CONFLICT (event_id, libelle) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_teams_duty_templates AFTER INSERT ON event_teams
  FOR EACH ROW EXECUTE FUNCTION add_duty_templates();
--> statement-breakpoint
-- hand-written: a volunteer row that goes, whatever removes it (« Je ne peux plus », the member's
-- deletion, a cascade), gives its place back: the count never keeps a ghost volunteer. A duty
-- deleted with its volunteers has no row left to update.
CREATE OR REPLACE FUNCTION release_duty_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE duties SET places_prises = places_prises - 1
   WHERE id = OLD.duty_id AND club_id = OLD.club_id AND places_prises > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER duty_volunteers_release AFTER DELETE ON duty_volunteers
  FOR EACH ROW EXECUTE FUNCTION release_duty_place();
--> statement-breakpoint
-- hand-written: the home's « À faire » (cached, decision 0096) shows the family's next duty: the
-- duty tables announce their changes like the other club data (migration 0014).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['duties', 'duty_volunteers']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER club_data_changed AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data()', t);
    EXECUTE format(
      'CREATE TRIGGER club_data_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data_rows(%L)', t, 'club_id');
    EXECUTE format(
      'CREATE TRIGGER club_data_updated AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data_rows(%L)', t, 'club_id');
    EXECUTE format(
      'CREATE TRIGGER club_data_deleted AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data_rows(%L)', t, 'club_id');
  END LOOP;
END
$$;
--> statement-breakpoint
-- hand-written: row-level security of the duty tables, as migration 0007 does for the earlier
-- ones (tenant_isolation for club_app, other_roles for the owner); skipped with a warning where
-- the role club_app could not be created.
DO $$
DECLARE
  t text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    RAISE WARNING 'sécurité au niveau des lignes non installée sur les tâches : le rôle club_app manque';
    RETURN;
  END IF;
  FOREACH t IN ARRAY ARRAY['duties', 'duty_volunteers', 'duty_templates']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO club_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO club_app '
      'USING (club_id = current_setting(''app.club_id'')::int) '
      'WITH CHECK (club_id = current_setting(''app.club_id'')::int)', t);
    EXECUTE format(
      'CREATE POLICY other_roles ON %I AS PERMISSIVE FOR ALL TO PUBLIC '
      'USING (current_user <> ''club_app'') WITH CHECK (current_user <> ''club_app'')', t);
  END LOOP;
  GRANT USAGE, SELECT ON SEQUENCE duties_id_seq TO club_app;
  GRANT USAGE, SELECT ON SEQUENCE duty_templates_id_seq TO club_app;
END
$$;
