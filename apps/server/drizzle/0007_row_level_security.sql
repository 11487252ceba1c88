-- Row-level security (defence in depth; docs/security.md, decision 0028).
-- club_app: a NOLOGIN role without BYPASSRLS. Code that runs "as a club" (db/tenant-scope.ts)
-- does SET LOCAL ROLE club_app and set_config('app.club_id', <id>, true) in its transaction: every
-- tenant table then shows and accepts that club's rows only. Other roles (the owner the server
-- connects as, migrations, the public cross-club paths) keep the permissive other_roles policy.
-- A database user without CREATEROLE, where club_app does not exist yet, gets a warning and no
-- RLS (the application runs as before; db/row-level-security.test.ts fails on such a database).
DO $$
DECLARE
  t text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    BEGIN
      CREATE ROLE club_app NOLOGIN NOBYPASSRLS;
    EXCEPTION
      -- another database of the cluster migrating at the same moment created it
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE WARNING 'sécurité au niveau des lignes non installée : le rôle club_app manque (CREATEROLE requis)';
        RETURN;
    END;
  END IF;
  BEGIN
    EXECUTE format('GRANT club_app TO %I', current_user);
  EXCEPTION
    WHEN duplicate_object OR unique_violation OR internal_error THEN NULL;
  END;
  GRANT USAGE ON SCHEMA public TO club_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO club_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO club_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO club_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO club_app;
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
  -- the clubs themselves: a club sees its own row
  ALTER TABLE clubs ENABLE ROW LEVEL SECURITY;
  ALTER TABLE clubs FORCE ROW LEVEL SECURITY;
  CREATE POLICY tenant_isolation ON clubs AS PERMISSIVE FOR ALL TO club_app
    USING (id = current_setting('app.club_id')::int)
    WITH CHECK (id = current_setting('app.club_id')::int);
  CREATE POLICY other_roles ON clubs AS PERMISSIVE FOR ALL TO PUBLIC
    USING (current_user <> 'club_app') WITH CHECK (current_user <> 'club_app');
END
$$;
