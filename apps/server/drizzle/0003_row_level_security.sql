-- Row-level security (issue 16, ARCHITECTURE §5b defence in depth; docs/security.md).
-- club_app: a NOLOGIN role without BYPASSRLS. Code that runs "as a club" (db/tenant-scope.ts)
-- does SET LOCAL ROLE club_app and set_config('app.club_id', <id>, true) in its transaction: every
-- tenant table then shows and accepts that club's rows only. Other roles (the owner the server
-- connects as, migrations, public cross-club paths) keep the permissive other_roles policy.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    CREATE ROLE club_app NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;--> statement-breakpoint
GRANT club_app TO CURRENT_USER;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO club_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO club_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO club_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO club_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO club_app;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  -- every tenant table: those with a club_id column
  FOR t IN
    SELECT c.table_name
    FROM information_schema.columns c
    JOIN information_schema.tables tb
      ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'club_id' AND tb.table_type = 'BASE TABLE'
  LOOP
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
END
$$;--> statement-breakpoint
ALTER TABLE "clubs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clubs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "clubs" AS PERMISSIVE FOR ALL TO club_app
  USING (id = current_setting('app.club_id')::int)
  WITH CHECK (id = current_setting('app.club_id')::int);--> statement-breakpoint
CREATE POLICY other_roles ON "clubs" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'club_app') WITH CHECK (current_user <> 'club_app');
