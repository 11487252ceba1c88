ALTER TABLE "clubs" ADD COLUMN "season_start_month" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
-- hand-written: the season's start month is a month; the import's check of e-mails already used
-- by a member of any club (the e-mail is unique across the application, and a club-scoped
-- transaction sees only its own club's members: docs/decisions/0070-member-import-export.md).
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_season_start_month_check" CHECK ("season_start_month" BETWEEN 1 AND 12);--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_emails_in_use(emails text[]) RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT m.email::text FROM members m WHERE m.email = ANY (emails::citext[])
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION member_emails_in_use(text[]) FROM PUBLIC;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    GRANT EXECUTE ON FUNCTION member_emails_in_use(text[]) TO club_app;
  END IF;
END
$$;
