CREATE TABLE "connection_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"accept_automatically" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_low" text NOT NULL,
	"user_high" text NOT NULL,
	"requester_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "connections_pair_order_check" CHECK ("connections"."user_low" < "connections"."user_high"),
	CONSTRAINT "connections_requester_check" CHECK ("connections"."requester_id" in ("connections"."user_low", "connections"."user_high")),
	CONSTRAINT "connections_status_check" CHECK ("connections"."status" in ('pending', 'accepted')),
	CONSTRAINT "connections_accepted_at_check" CHECK (("connections"."status" = 'accepted') = ("connections"."accepted_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "connection_settings" ADD CONSTRAINT "connection_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_pair_unique" ON "connections" USING btree ("user_low","user_high");--> statement-breakpoint
CREATE INDEX "connections_user_high_idx" ON "connections" USING btree ("user_high");