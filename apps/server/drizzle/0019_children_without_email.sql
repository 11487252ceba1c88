-- A child without e-mail (docs/decisions/0111): a minor with a guardian may have no address;
-- their mails go to their guardians. The unique constraint stays (several nulls are allowed).
ALTER TABLE "members" ALTER COLUMN "email" DROP NOT NULL;
