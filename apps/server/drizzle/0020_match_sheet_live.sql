CREATE TABLE "match_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"minute" smallint NOT NULL,
	"type" text NOT NULL,
	"member_id" integer,
	"points" smallint,
	"cle" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_public_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "match_public_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "match_sheet_players" (
	"club_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"titulaire" boolean NOT NULL,
	"numero" smallint,
	CONSTRAINT "match_sheet_players_match_id_member_id_pk" PRIMARY KEY("match_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "match_actions" ADD CONSTRAINT "match_actions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_actions" ADD CONSTRAINT "match_actions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_actions" ADD CONSTRAINT "match_actions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_actions" ADD CONSTRAINT "match_actions_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_public_links" ADD CONSTRAINT "match_public_links_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_public_links" ADD CONSTRAINT "match_public_links_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_public_links" ADD CONSTRAINT "match_public_links_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_sheet_players" ADD CONSTRAINT "match_sheet_players_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_sheet_players" ADD CONSTRAINT "match_sheet_players_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_sheet_players" ADD CONSTRAINT "match_sheet_players_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_actions_match_idx" ON "match_actions" USING btree ("club_id","match_id","minute");--> statement-breakpoint
CREATE INDEX "match_actions_member_idx" ON "match_actions" USING btree ("club_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_actions_cle_idx" ON "match_actions" USING btree ("match_id","cle") WHERE "match_actions"."cle" is not null;--> statement-breakpoint
CREATE INDEX "match_public_links_match_idx" ON "match_public_links" USING btree ("club_id","match_id");--> statement-breakpoint
CREATE INDEX "match_sheet_players_member_idx" ON "match_sheet_players" USING btree ("club_id","member_id");--> statement-breakpoint
-- hand-written: row-level security of the match sheet's tables, as migration 0007 does for the
-- earlier tables (tenant_isolation for club_app, other_roles for the owner); skipped with a
-- warning where the role club_app could not be created.
DO $$
DECLARE
  t text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    RAISE WARNING 'sécurité au niveau des lignes non installée sur la feuille de match : le rôle club_app manque';
    RETURN;
  END IF;
  FOREACH t IN ARRAY ARRAY['match_sheet_players', 'match_actions', 'match_public_links']
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
  GRANT USAGE, SELECT ON SEQUENCE match_actions_id_seq, match_public_links_id_seq TO club_app;
END
$$;
--> statement-breakpoint
-- hand-written: the sheet and the actions feed the statistics (cached responses): their writes
-- announce the club on club_data like the tables of migration 0014.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['match_sheet_players', 'match_actions']
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
