CREATE TABLE "partner_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"url" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_offers_window_check" CHECK ("partner_offers"."valid_from" is null or "partner_offers"."valid_until" is null or "partner_offers"."valid_until" > "partner_offers"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"website_url" text,
	"city_name" text,
	"lat" double precision,
	"lng" double precision,
	"address" text,
	"preferred" boolean DEFAULT true NOT NULL,
	"team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_type_check" CHECK ("partners"."type" in ('venue', 'shop', 'coach', 'league')),
	CONSTRAINT "partners_position_check" CHECK (("partners"."lat" is null) = ("partners"."lng" is null))
);
--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_offers_partner_idx" ON "partner_offers" USING btree ("partner_id","valid_until");--> statement-breakpoint
CREATE INDEX "partners_type_idx" ON "partners" USING btree ("type","name") WHERE "partners"."preferred";--> statement-breakpoint
CREATE INDEX "partners_earth_idx" ON "partners" USING gist (ll_to_earth("lat", "lng")) WHERE "partners"."preferred" and "partners"."lat" is not null;