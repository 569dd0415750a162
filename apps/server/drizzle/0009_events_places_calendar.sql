CREATE TABLE "place_checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"geohash" text NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_lat_check" CHECK ("places"."lat" between -90 and 90),
	CONSTRAINT "places_lng_check" CHECK ("places"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "event_favorites" (
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_favorites_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "event_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_starts_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"guest_id" text,
	"party_size" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"position" integer NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_parties_who_check" CHECK (("event_parties"."user_id" is null) <> ("event_parties"."guest_id" is null)),
	CONSTRAINT "event_parties_size_check" CHECK ("event_parties"."party_size" between 1 and 10),
	CONSTRAINT "event_parties_status_check" CHECK ("event_parties"."status" in ('joined', 'waitlisted', 'offered'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"team_id" uuid,
	"place_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"geohash" text NOT NULL,
	"title" text NOT NULL,
	"game_type" text NOT NULL,
	"description" text,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"repeat_weekdays" smallint[],
	"repeat_until" date,
	"repeat_count" integer,
	"series_ends_at" timestamp with time zone NOT NULL,
	"slots" integer NOT NULL,
	"skill_level" text DEFAULT 'all' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"price_cents" integer,
	"auto_promote" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_times_check" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_slots_check" CHECK ("events"."slots" between 1 and 1000),
	CONSTRAINT "events_skill_level_check" CHECK ("events"."skill_level" in ('all', 'beginner', 'intermediate', 'advanced')),
	CONSTRAINT "events_visibility_check" CHECK ("events"."visibility" in ('public', 'team')),
	CONSTRAINT "events_team_visibility_check" CHECK ("events"."visibility" = 'public' or "events"."team_id" is not null),
	CONSTRAINT "events_lat_check" CHECK ("events"."lat" between -90 and 90),
	CONSTRAINT "events_lng_check" CHECK ("events"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"team_id" uuid,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "place_checkins" ADD CONSTRAINT "place_checkins_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_checkins" ADD CONSTRAINT "place_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_favorites" ADD CONSTRAINT "event_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_favorites" ADD CONSTRAINT "event_favorites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_parties" ADD CONSTRAINT "event_parties_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_parties" ADD CONSTRAINT "event_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_parties" ADD CONSTRAINT "event_parties_guest_id_unregistered_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."unregistered_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_game_type_game_types_label_fk" FOREIGN KEY ("game_type") REFERENCES "public"."game_types"("label") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "place_checkins_user_unique" ON "place_checkins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "place_checkins_place_idx" ON "place_checkins" USING btree ("place_id","ends_at");--> statement-breakpoint
CREATE INDEX "places_geohash_idx" ON "places" USING btree ("geohash");--> statement-breakpoint
CREATE INDEX "places_lat_lng_idx" ON "places" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "event_favorites_event_idx" ON "event_favorites" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_parties_user_unique" ON "event_parties" USING btree ("event_id","occurrence_starts_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_parties_guest_unique" ON "event_parties" USING btree ("event_id","occurrence_starts_at","guest_id");--> statement-breakpoint
CREATE INDEX "event_parties_occurrence_idx" ON "event_parties" USING btree ("event_id","occurrence_starts_at","status","position");--> statement-breakpoint
CREATE INDEX "event_parties_user_idx" ON "event_parties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_creator_idx" ON "events" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "events_team_idx" ON "events" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "events_place_idx" ON "events" USING btree ("place_id","series_ends_at");--> statement-breakpoint
CREATE INDEX "events_series_ends_idx" ON "events" USING btree ("series_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
-- Nearest-first reads (spec §7 "by location"): a KNN GiST index on the earth point, the same on
-- PGlite and PostgreSQL. Requires the contrib extensions cube and earthdistance (decision 009).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "events_earth_idx" ON "events" USING gist (ll_to_earth("lat", "lng")) WHERE "cancelled_at" IS NULL AND "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE INDEX "users_earth_idx" ON "users" USING gist (ll_to_earth("default_city_lat", "default_city_lng")) WHERE "default_city_lat" IS NOT NULL AND "default_city_lng" IS NOT NULL;--> statement-breakpoint
-- full-search: trigram similarity on the names people type.
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_name_trgm_idx" ON "places" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_name_trgm_idx" ON "teams" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
