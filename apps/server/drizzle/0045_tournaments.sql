CREATE TABLE "tournament_entrants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seed" integer NOT NULL,
	"captain_id" text,
	"registration_id" uuid,
	"pool" integer
);
--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"key" text NOT NULL,
	"stage" text NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"pool" integer,
	"home_source" jsonb NOT NULL,
	"away_source" jsonb NOT NULL,
	"home_entrant_id" uuid,
	"away_entrant_id" uuid,
	"home_score" integer,
	"away_score" integer,
	"winner_entrant_id" uuid,
	"court" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"scored_by" text,
	"scored_at" timestamp with time zone,
	CONSTRAINT "tournament_matches_stage_check" CHECK ("tournament_matches"."stage" in ('winners', 'losers', 'final', 'pool', 'knockout'))
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_name" text,
	"courts" text[] NOT NULL,
	"match_minutes" integer NOT NULL,
	"pools" integer DEFAULT 1 NOT NULL,
	"advance_per_pool" integer DEFAULT 0 NOT NULL,
	"captains_enter_scores" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('single_elimination', 'double_elimination', 'round_robin')),
	CONSTRAINT "tournaments_dates_check" CHECK ("tournaments"."ends_at" >= "tournaments"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_captain_id_users_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_home_entrant_id_tournament_entrants_id_fk" FOREIGN KEY ("home_entrant_id") REFERENCES "public"."tournament_entrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_away_entrant_id_tournament_entrants_id_fk" FOREIGN KEY ("away_entrant_id") REFERENCES "public"."tournament_entrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_winner_entrant_id_tournament_entrants_id_fk" FOREIGN KEY ("winner_entrant_id") REFERENCES "public"."tournament_entrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entrants_seed_unique" ON "tournament_entrants" USING btree ("tournament_id","seed");--> statement-breakpoint
CREATE INDEX "tournament_entrants_captain_idx" ON "tournament_entrants" USING btree ("captain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_matches_key_unique" ON "tournament_matches" USING btree ("tournament_id","key");--> statement-breakpoint
CREATE INDEX "tournaments_team_idx" ON "tournaments" USING btree ("team_id","starts_at");