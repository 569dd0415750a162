CREATE TABLE "event_team_sheets" (
	"event_id" uuid NOT NULL,
	"occurrence_starts_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"keep_parties" boolean NOT NULL,
	"seed" integer NOT NULL,
	"teams" jsonb NOT NULL,
	"locked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"positions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"published_version" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_team_sheets_event_id_occurrence_starts_at_pk" PRIMARY KEY("event_id","occurrence_starts_at"),
	CONSTRAINT "event_team_sheets_source_check" CHECK ("event_team_sheets"."source" in ('joined', 'checkedIn')),
	CONSTRAINT "event_team_sheets_version_check" CHECK ("event_team_sheets"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "organizer_ratings" (
	"rater_id" text NOT NULL,
	"player_id" text NOT NULL,
	"game_type" text NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organizer_ratings_rater_id_game_type_player_id_pk" PRIMARY KEY("rater_id","game_type","player_id"),
	CONSTRAINT "organizer_ratings_rating_check" CHECK ("organizer_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "self_rated_level" smallint;--> statement-breakpoint
ALTER TABLE "event_team_sheets" ADD CONSTRAINT "event_team_sheets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team_sheets" ADD CONSTRAINT "event_team_sheets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_ratings" ADD CONSTRAINT "organizer_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_ratings" ADD CONSTRAINT "organizer_ratings_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_ratings" ADD CONSTRAINT "organizer_ratings_game_type_game_types_label_fk" FOREIGN KEY ("game_type") REFERENCES "public"."game_types"("label") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizer_ratings_player_idx" ON "organizer_ratings" USING btree ("player_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_self_rated_level_check" CHECK ("users"."self_rated_level" between 1 and 5);