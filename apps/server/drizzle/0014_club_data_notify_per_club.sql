-- The change feed names the club (decision 0089): a write sends NOTIFY club_data with the id of
-- each club whose rows it changed, so that the response cache empties that club's entries only.
-- Statement-level triggers with transition tables: one notification per club and statement,
-- whatever the number of rows (PostgreSQL folds identical notifications of a transaction into
-- one). A TRUNCATE, a change of the shared `sports` table and a row without a club send the
-- empty payload: every club's entries go. The table list is migration 0008's.
CREATE OR REPLACE FUNCTION notify_club_data_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  club text;
BEGIN
  -- TG_ARGV[0]: the column that holds the club's id (club_id; id for the clubs table).
  FOR club IN EXECUTE format(
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT DISTINCT %1$I::text FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT DISTINCT %1$I::text FROM old_rows'
      ELSE 'SELECT %1$I::text FROM new_rows UNION SELECT %1$I::text FROM old_rows'
    END, TG_ARGV[0])
  LOOP
    PERFORM pg_notify('club_data', coalesce(club, ''));
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  col text;
BEGIN
  FOREACH t IN ARRAY ARRAY['clubs', 'teams', 'members', 'team_memberships', 'guardians',
    'one_time_tokens', 'calendar_feeds', 'event_series', 'events', 'event_teams', 'matches',
    'convocations', 'event_presences']
  LOOP
    col := CASE WHEN t = 'clubs' THEN 'id' ELSE 'club_id' END;
    EXECUTE format('DROP TRIGGER IF EXISTS club_data_changed ON %I', t);
    EXECUTE format('DROP TRIGGER IF EXISTS club_data_inserted ON %I', t);
    EXECUTE format('DROP TRIGGER IF EXISTS club_data_updated ON %I', t);
    EXECUTE format('DROP TRIGGER IF EXISTS club_data_deleted ON %I', t);
    EXECUTE format(
      'CREATE TRIGGER club_data_changed AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data()', t);
    EXECUTE format(
      'CREATE TRIGGER club_data_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data_rows(%L)', t, col);
    EXECUTE format(
      'CREATE TRIGGER club_data_updated AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data_rows(%L)', t, col);
    EXECUTE format(
      'CREATE TRIGGER club_data_deleted AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data_rows(%L)', t, col);
  END LOOP;
END
$$;
