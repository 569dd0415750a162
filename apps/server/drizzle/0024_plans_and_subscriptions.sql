CREATE TABLE "subscription_plans" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id" text NOT NULL,
	"list" text NOT NULL,
	"item" text NOT NULL,
	"label" text NOT NULL,
	"price_id" text,
	"cost" integer NOT NULL,
	"interval" text NOT NULL,
	"covers" text[] NOT NULL,
	"features" text[] NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "subscription_plans_list_check" CHECK ("subscription_plans"."list" in ('teams', 'gth', 'meh')),
	CONSTRAINT "subscription_plans_item_check" CHECK ("subscription_plans"."item" in ('teams', 'user')),
	CONSTRAINT "subscription_plans_interval_check" CHECK ("subscription_plans"."interval" in ('month', 'year')),
	CONSTRAINT "subscription_plans_cost_check" CHECK ("subscription_plans"."cost" >= 0 and ("subscription_plans"."price_id" is null) = ("subscription_plans"."cost" = 0))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid,
	"user_id" text,
	"list" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text DEFAULT 'none' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"checkout_plan_id" text,
	"checkout_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_one_subscriber_check" CHECK (("subscriptions"."team_id" is null) <> ("subscriptions"."user_id" is null)),
	CONSTRAINT "subscriptions_list_check" CHECK ("subscriptions"."list" in ('teams', 'gth', 'meh'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_list_id_unique" ON "subscription_plans" USING btree ("list","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_price_unique" ON "subscription_plans" USING btree ("price_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_team_list_unique" ON "subscriptions" USING btree ("team_id","list") WHERE "subscriptions"."team_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_list_unique" ON "subscriptions" USING btree ("user_id","list") WHERE "subscriptions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_unique" ON "subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
-- Plans are product data (spec §1, §3; decision 030): a free tier and two paid tiers per list, costs in USD cents.
INSERT INTO "subscription_plans" ("id", "list", "item", "label", "price_id", "cost", "interval", "covers", "features", "position") VALUES
  ('rookie', 'teams', 'teams', 'Rookie', NULL, 0, 'month', ARRAY['teams'], ARRAY['Up to 20 members', 'Schedule games and seasons', 'Team chat and notifications', 'RSVPs and availability'], 0),
  ('varsity', 'teams', 'teams', 'Varsity', 'price_huddle_team_varsity_monthly', 999, 'month', ARRAY['teams'], ARRAY['Everything in Rookie', 'Unlimited members', 'Substitutes on demand', 'Collect payments for games and seasons', 'Registration forms'], 1),
  ('all-star', 'teams', 'teams', 'All-Star', 'price_huddle_team_allstar_monthly', 2499, 'month', ARRAY['teams'], ARRAY['Everything in Varsity', 'Community website on your own domain', 'Several seasons and divisions at once', 'CSV exports of payments and rosters', 'Priority support'], 2),
  ('free', 'gth', 'user', 'Free', NULL, 0, 'year', ARRAY['drop-in'], ARRAY['Find and join pickup games', 'Player card and profile', 'Messages and notifications'], 0),
  ('player-plus', 'gth', 'user', 'Player Plus', 'price_huddle_gth_player_plus_yearly', 2999, 'year', ARRAY['drop-in', 'tournaments'], ARRAY['Everything in Free', 'Drop-in pickup without booking fees', 'Tournament sign-ups', 'Early access to full games'], 1),
  ('player-pro', 'gth', 'user', 'Player Pro', 'price_huddle_gth_player_pro_yearly', 5999, 'year', ARRAY['drop-in', 'tournaments', 'teams'], ARRAY['Everything in Player Plus', 'Create and run your own teams', 'Season stats and history', 'Priority substitute invitations'], 2),
  ('free', 'meh', 'user', 'Free', NULL, 0, 'year', ARRAY['drop-in'], ARRAY['Find and join pickup games', 'Player card and profile', 'Messages and notifications'], 0),
  ('member', 'meh', 'user', 'Member', 'price_huddle_meh_member_yearly', 1999, 'year', ARRAY['drop-in', 'tournaments'], ARRAY['Everything in Free', 'Member pricing on drop-in games', 'Tournament sign-ups'], 1),
  ('member-plus', 'meh', 'user', 'Member Plus', 'price_huddle_meh_member_plus_yearly', 4999, 'year', ARRAY['drop-in', 'tournaments', 'teams'], ARRAY['Everything in Member', 'Create and run your own teams', 'Guest passes for friends', 'Priority support'], 2)
ON CONFLICT DO NOTHING;
