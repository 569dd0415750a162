ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "gender" text DEFAULT 'Any' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('Woman', 'Man', 'Non-binary'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_gender_check" CHECK ("events"."gender" in ('Any', 'Women', 'Men', 'Coed'));