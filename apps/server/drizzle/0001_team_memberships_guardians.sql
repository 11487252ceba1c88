CREATE TABLE "guardians" (
	"club_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_parent_id_child_id_pk" PRIMARY KEY("parent_id","child_id"),
	CONSTRAINT "guardians_not_self" CHECK ("guardians"."parent_id" <> "guardians"."child_id")
);
--> statement-breakpoint
CREATE TABLE "team_memberships" (
	"club_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_memberships_team_id_member_id_pk" PRIMARY KEY("team_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_parent_id_members_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_child_id_members_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardians_child_idx" ON "guardians" USING btree ("club_id","child_id");--> statement-breakpoint
CREATE INDEX "team_memberships_member_idx" ON "team_memberships" USING btree ("club_id","member_id");--> statement-breakpoint
-- Every member's primary team (members.team_id, the spec's idEquipe) has its membership row.
INSERT INTO "team_memberships" ("club_id", "team_id", "member_id")
SELECT "club_id", "team_id", "id" FROM "members" WHERE "team_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "members_primary_team_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.team_id IS NOT NULL THEN
    INSERT INTO team_memberships (club_id, team_id, member_id)
    VALUES (NEW.club_id, NEW.team_id, NEW.id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "members_primary_team_membership"
AFTER INSERT OR UPDATE OF "team_id" ON "members"
FOR EACH ROW EXECUTE FUNCTION "members_primary_team_membership"();
