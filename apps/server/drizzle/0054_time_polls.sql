CREATE TABLE "time_poll_invitees" (
	"poll_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	CONSTRAINT "time_poll_invitees_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id"),
	CONSTRAINT "time_poll_invitees_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "time_poll_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "time_poll_slots_poll_start_unique" UNIQUE("poll_id","starts_at"),
	CONSTRAINT "time_poll_slots_order_check" CHECK ("time_poll_slots"."ends_at" > "time_poll_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "time_poll_votes" (
	"slot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"poll_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "time_poll_votes_slot_id_user_id_pk" PRIMARY KEY("slot_id","user_id"),
	CONSTRAINT "time_poll_votes_choice_check" CHECK ("time_poll_votes"."choice" in ('yes', 'ifNeeded', 'no'))
);
--> statement-breakpoint
CREATE TABLE "time_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"creator_id" text,
	"title" text NOT NULL,
	"place_id" uuid,
	"spots" integer NOT NULL,
	"time_zone" text NOT NULL,
	"closes_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"watch_key" text NOT NULL,
	"chosen_slot_id" uuid,
	"event_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "time_polls_watch_key_unique" UNIQUE("watch_key"),
	CONSTRAINT "time_polls_status_check" CHECK ("time_polls"."status" in ('open', 'closed')),
	CONSTRAINT "time_polls_spots_check" CHECK ("time_polls"."spots" >= 1)
);
--> statement-breakpoint
ALTER TABLE "time_poll_invitees" ADD CONSTRAINT "time_poll_invitees_poll_id_time_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."time_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_poll_invitees" ADD CONSTRAINT "time_poll_invitees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_poll_slots" ADD CONSTRAINT "time_poll_slots_poll_id_time_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."time_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_poll_votes" ADD CONSTRAINT "time_poll_votes_slot_id_time_poll_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."time_poll_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_poll_votes" ADD CONSTRAINT "time_poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_poll_votes" ADD CONSTRAINT "time_poll_votes_poll_id_time_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."time_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_polls" ADD CONSTRAINT "time_polls_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_polls" ADD CONSTRAINT "time_polls_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_polls" ADD CONSTRAINT "time_polls_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_polls" ADD CONSTRAINT "time_polls_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_poll_votes_poll_idx" ON "time_poll_votes" USING btree ("poll_id");--> statement-breakpoint
CREATE INDEX "time_polls_team_idx" ON "time_polls" USING btree ("team_id","created_at");