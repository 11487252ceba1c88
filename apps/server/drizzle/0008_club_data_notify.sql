-- Change feed of the response cache (decision 0032): every statement that
-- writes club data sends NOTIFY club_data (at commit; PostgreSQL folds identical notifications of
-- one transaction into one). Each server instance LISTENs and empties its cache of hot lists, so a
-- write by another instance, a job or direct SQL is seen by the next read once announced.
-- Statement-level: one notification per statement, whatever the number of rows. Tables whose
-- writes change no list (sessions, audit, idempotency keys, contact messages, pending
-- notifications) are left out; plugins/response-cache.test.ts checks every other table has it.
CREATE OR REPLACE FUNCTION notify_club_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_data', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sports', 'clubs', 'teams', 'members', 'team_memberships', 'guardians',
    'one_time_tokens', 'calendar_feeds', 'event_series', 'events', 'event_teams', 'matches',
    'convocations', 'event_presences']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS club_data_changed ON %I', t);
    EXECUTE format(
      'CREATE TRIGGER club_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_club_data()', t);
  END LOOP;
END
$$;
