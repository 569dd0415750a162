CREATE TABLE "substitute_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_starts_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"distance_km" double precision NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "substitute_invitations_answer_check" CHECK ("substitute_invitations"."answer" in ('joined', 'waitlisted', 'declined')),
	CONSTRAINT "substitute_invitations_answered_check" CHECK (("substitute_invitations"."answer" is null) = ("substitute_invitations"."answered_at" is null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "substitutes_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "substitute_hours_before" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "substitute_radius" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "substitute_radius_unit" text DEFAULT 'mi' NOT NULL;--> statement-breakpoint
ALTER TABLE "substitute_invitations" ADD CONSTRAINT "substitute_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitute_invitations" ADD CONSTRAINT "substitute_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "substitute_invitations_unique" ON "substitute_invitations" USING btree ("event_id","occurrence_starts_at","user_id");--> statement-breakpoint
CREATE INDEX "substitute_invitations_user_idx" ON "substitute_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_substitutes_idx" ON "events" USING btree ("series_ends_at") WHERE "events"."substitutes_enabled" and "events"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_substitute_hours_check" CHECK ("events"."substitute_hours_before" between 2 and 48);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_substitute_radius_check" CHECK ("events"."substitute_radius" between 1 and 200);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_substitute_radius_unit_check" CHECK ("events"."substitute_radius_unit" in ('mi', 'km'));