ALTER TABLE "members" ADD COLUMN "club_role" text;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_club_role" CHECK ("members"."club_role" is null or "members"."club_role" in ('DIRIGEANT', 'RESPONSABLE'));--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_role" CHECK ("team_memberships"."role" is null or "team_memberships"."role" in ('ENTRAINEUR', 'JOUEUR', 'PARENT'));--> statement-breakpoint
-- Hats (docs/architecture.md §7, decision 0110): a club role, a role per team, guardianship for any
-- adult. Existing data keeps its meaning: a leader's role becomes the club role (their teams stay
-- attached without a team role), a team role applies to every team of the member, and PARENT
-- links are kept. `members.role` stays the spec's role: the principal hat, recomputed below.
UPDATE "members" SET "role" = upper("role") WHERE "role" <> upper("role")
  AND upper("role") IN ('DIRIGEANT', 'RESPONSABLE', 'ENTRAINEUR', 'JOUEUR', 'PARENT');--> statement-breakpoint
UPDATE "members" SET "club_role" = "role" WHERE "role" IN ('DIRIGEANT', 'RESPONSABLE');--> statement-breakpoint
UPDATE "team_memberships" tm SET "role" = m."role"
  FROM "members" m
  WHERE m."id" = tm."member_id" AND m."role" IN ('ENTRAINEUR', 'JOUEUR', 'PARENT');--> statement-breakpoint
-- The principal hat, as the contract's principalRole (packages/contract/src/hats.ts; a test pins
-- the two together): the club role; else the strongest team role; else the declared team role
-- (what the spec's `role` wrote for a member without team); else PARENT for a guardian, JOUEUR
-- otherwise (a leader role without club role is no longer one). An unknown declared value stays
-- (it cannot sign in, as before).
CREATE FUNCTION "member_principal_role"(p_club integer, p_member integer, p_club_role text, p_declared text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    p_club_role,
    (SELECT tm.role FROM team_memberships tm
      WHERE tm.club_id = p_club AND tm.member_id = p_member AND tm.role IS NOT NULL
      ORDER BY CASE tm.role WHEN 'ENTRAINEUR' THEN 1 WHEN 'JOUEUR' THEN 2 ELSE 3 END
      LIMIT 1),
    CASE WHEN upper(p_declared) IN ('ENTRAINEUR', 'JOUEUR', 'PARENT') THEN upper(p_declared) END,
    CASE WHEN upper(p_declared) IN ('DIRIGEANT', 'RESPONSABLE') THEN
      coalesce((SELECT 'PARENT' FROM guardians g WHERE g.parent_id = p_member LIMIT 1), 'JOUEUR')
    END,
    p_declared)
$$;--> statement-breakpoint
-- Writing members.role: written alone (the spec's single role), a leader role becomes the club
-- role and a team role ends it; then role is the principal hat of what is stored.
CREATE FUNCTION "members_principal_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.club_role IS NULL AND upper(NEW.role) IN ('DIRIGEANT', 'RESPONSABLE') THEN
      NEW.club_role := upper(NEW.role);
    END IF;
  ELSIF NEW.role IS DISTINCT FROM OLD.role AND NEW.club_role IS NOT DISTINCT FROM OLD.club_role THEN
    NEW.club_role := CASE WHEN upper(NEW.role) IN ('DIRIGEANT', 'RESPONSABLE') THEN upper(NEW.role) END;
  END IF;
  NEW.role := member_principal_role(NEW.club_id, NEW.id, NEW.club_role, NEW.role);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "members_principal_role"
BEFORE INSERT OR UPDATE OF "role", "club_role" ON "members"
FOR EACH ROW EXECUTE FUNCTION "members_principal_role"();--> statement-breakpoint
-- A membership inserted without a role takes the member's team role (the spec's single role
-- applies to every team; a leader's team stays without one).
CREATE FUNCTION "team_memberships_default_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role IS NULL THEN
    SELECT CASE WHEN m.club_role IS NULL AND upper(m.role) IN ('ENTRAINEUR', 'JOUEUR', 'PARENT')
                THEN upper(m.role) END
      INTO NEW.role
      FROM members m WHERE m.id = NEW.member_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "team_memberships_default_role"
BEFORE INSERT ON "team_memberships"
FOR EACH ROW EXECUTE FUNCTION "team_memberships_default_role"();--> statement-breakpoint
-- A change of memberships or guardianships recomputes the principal hat of the members it
-- touched (one statement per statement, through the transition tables; rows already right are
-- not written). TG_ARGV[0]: the column naming the member.
CREATE FUNCTION "refresh_principal_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE members m SET role = m.role WHERE m.id IN (SELECT %1$I FROM %2$s) '
    'AND m.role IS DISTINCT FROM member_principal_role(m.club_id, m.id, m.club_role, m.role)',
    TG_ARGV[0],
    CASE TG_OP WHEN 'INSERT' THEN 'new_rows' WHEN 'DELETE' THEN 'old_rows'
      ELSE format('(SELECT %1$I FROM new_rows UNION SELECT %1$I FROM old_rows) r', TG_ARGV[0]) END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "team_memberships_principal_inserted" AFTER INSERT ON "team_memberships"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "refresh_principal_roles"('member_id');--> statement-breakpoint
CREATE TRIGGER "team_memberships_principal_updated" AFTER UPDATE ON "team_memberships"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "refresh_principal_roles"('member_id');--> statement-breakpoint
CREATE TRIGGER "team_memberships_principal_deleted" AFTER DELETE ON "team_memberships"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "refresh_principal_roles"('member_id');--> statement-breakpoint
CREATE TRIGGER "guardians_principal_inserted" AFTER INSERT ON "guardians"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "refresh_principal_roles"('parent_id');--> statement-breakpoint
CREATE TRIGGER "guardians_principal_updated" AFTER UPDATE ON "guardians"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "refresh_principal_roles"('parent_id');--> statement-breakpoint
CREATE TRIGGER "guardians_principal_deleted" AFTER DELETE ON "guardians"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "refresh_principal_roles"('parent_id');
