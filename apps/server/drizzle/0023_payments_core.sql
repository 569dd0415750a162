CREATE TABLE "stripe_processed_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_stripe_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_details_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "local_stripe_objects_object_idx" ON "local_stripe_objects" USING btree ("object","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_id_unique" ON "users" USING btree ("stripe_id");