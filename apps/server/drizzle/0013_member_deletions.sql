CREATE TABLE "member_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"deleted_by" integer,
	"snapshot" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_deletions" ADD CONSTRAINT "member_deletions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_deletions" ADD CONSTRAINT "member_deletions_deleted_by_members_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_deletions_member_idx" ON "member_deletions" USING btree ("club_id","member_id");--> statement-breakpoint
CREATE INDEX "member_deletions_expires_idx" ON "member_deletions" USING btree ("expires_at");--> statement-breakpoint
-- hand-written: row-level security of the deletion snapshots, as migration 0007 does for the
-- earlier tables (tenant_isolation for club_app, other_roles for the owner); skipped with a
-- warning where the role club_app could not be created.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    RAISE WARNING 'sécurité au niveau des lignes non installée sur member_deletions : le rôle club_app manque';
    RETURN;
  END IF;
  GRANT SELECT, INSERT, UPDATE, DELETE ON member_deletions TO club_app;
  ALTER TABLE member_deletions ENABLE ROW LEVEL SECURITY;
  ALTER TABLE member_deletions FORCE ROW LEVEL SECURITY;
  CREATE POLICY tenant_isolation ON member_deletions AS PERMISSIVE FOR ALL TO club_app
    USING (club_id = current_setting('app.club_id')::int)
    WITH CHECK (club_id = current_setting('app.club_id')::int);
  CREATE POLICY other_roles ON member_deletions AS PERMISSIVE FOR ALL TO PUBLIC
    USING (current_user <> 'club_app') WITH CHECK (current_user <> 'club_app');
  GRANT USAGE, SELECT ON SEQUENCE member_deletions_id_seq TO club_app;
END
$$;
