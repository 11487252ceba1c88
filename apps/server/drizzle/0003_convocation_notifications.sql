CREATE TABLE "event_presences" (
	"event_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"statut_presence" text NOT NULL,
	"justification" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_presences_event_id_member_id_pk" PRIMARY KEY("event_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pending_match_notifications" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"kind" text NOT NULL,
	"was_cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "reply_deadline" timestamp;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "reminder_sent_for" timestamp;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "summary_sent_for" timestamp;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "notification_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "present_par_defaut" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_presences" ADD CONSTRAINT "event_presences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_presences" ADD CONSTRAINT "event_presences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_presences" ADD CONSTRAINT "event_presences_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_match_notifications" ADD CONSTRAINT "pending_match_notifications_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_match_notifications" ADD CONSTRAINT "pending_match_notifications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_presences_club_member_idx" ON "event_presences" USING btree ("club_id","member_id");