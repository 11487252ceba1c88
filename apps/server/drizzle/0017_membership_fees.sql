CREATE TABLE "fee_exemptions" (
	"club_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"season" smallint NOT NULL,
	"motif" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_exemptions_club_id_season_member_id_pk" PRIMARY KEY("club_id","season","member_id")
);
--> statement-breakpoint
CREATE TABLE "fee_seasons" (
	"club_id" integer NOT NULL,
	"season" smallint NOT NULL,
	"reduction_famille" smallint DEFAULT 0 NOT NULL,
	"date_limite" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_seasons_club_id_season_pk" PRIMARY KEY("club_id","season"),
	CONSTRAINT "fee_seasons_discount_check" CHECK ("fee_seasons"."reduction_famille" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "fee_tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"season" smallint NOT NULL,
	"position" smallint NOT NULL,
	"libelle" text NOT NULL,
	"categories" text[] NOT NULL,
	"montant" integer NOT NULL,
	CONSTRAINT "fee_tariffs_amount_check" CHECK ("fee_tariffs"."montant" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"member_id" integer,
	"member_nom" text NOT NULL,
	"member_prenom" text NOT NULL,
	"season" smallint NOT NULL,
	"montant" integer NOT NULL,
	"moyen" text NOT NULL,
	"date" date NOT NULL,
	"reference" text,
	"echeances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" integer,
	"recorded_by_nom" text,
	"recorded_by_prenom" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_by_nom" text,
	"cancelled_by_prenom" text,
	"provider" text,
	"provider_ref" text,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."montant" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."moyen" in ('CB', 'CHEQUE', 'ESPECES', 'VIREMENT', 'PASS_SPORT', 'COUPON_SPORT', 'AUTRE'))
);
--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD CONSTRAINT "fee_exemptions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD CONSTRAINT "fee_exemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD CONSTRAINT "fee_exemptions_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_seasons" ADD CONSTRAINT "fee_seasons_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_tariffs" ADD CONSTRAINT "fee_tariffs_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancelled_by_members_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_tariffs_season_idx" ON "fee_tariffs" USING btree ("club_id","season");--> statement-breakpoint
CREATE INDEX "payments_season_member_idx" ON "payments" USING btree ("club_id","season","member_id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pass_sport_unique" ON "payments" USING btree ("club_id","reference") WHERE "payments"."moyen" = 'PASS_SPORT' and "payments"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_unique" ON "payments" USING btree ("club_id","provider","provider_ref") WHERE "payments"."provider" is not null;--> statement-breakpoint
-- hand-written: row-level security of the fee tables, as migration 0007 does for the earlier
-- ones (tenant_isolation for club_app, other_roles for the owner); skipped with a warning where
-- the role club_app could not be created.
DO $$
DECLARE
  t text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    RAISE WARNING 'sécurité au niveau des lignes non installée sur les cotisations : le rôle club_app manque';
    RETURN;
  END IF;
  FOREACH t IN ARRAY ARRAY['fee_seasons', 'fee_tariffs', 'fee_exemptions', 'payments']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO club_app', t);
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
  GRANT USAGE, SELECT ON SEQUENCE fee_tariffs_id_seq TO club_app;
  GRANT USAGE, SELECT ON SEQUENCE payments_id_seq TO club_app;
END
$$;
