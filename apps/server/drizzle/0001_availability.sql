CREATE TABLE "availabilities" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"dates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;