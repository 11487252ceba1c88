-- A child without e-mail (docs/decisions/0111): a minor with a guardian may have no address;
-- their mails go to their guardians (a unique index allows several nulls).
ALTER TABLE "members" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
-- Accounts in several clubs (docs/decisions/0112): an e-mail is unique in a club, no longer in the
-- whole product; an account is the rows of one e-mail sharing one password hash. Every existing
-- e-mail is unique already, so every row keeps its meaning.
ALTER TABLE "members" DROP CONSTRAINT "members_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "members_club_email_unique" ON "members" USING btree ("club_id","email");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree ("email");
