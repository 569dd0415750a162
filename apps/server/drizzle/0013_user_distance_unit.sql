ALTER TABLE "users" ADD COLUMN "distance_unit" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_distance_unit_check" CHECK ("users"."distance_unit" in ('mi', 'km'));