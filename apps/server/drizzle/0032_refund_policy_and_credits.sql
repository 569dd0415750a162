CREATE TABLE "payment_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" text NOT NULL,
	"payee_user_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_credit_entries_reason_check" CHECK ("payment_credit_entries"."reason" in ('granted', 'spent', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "payment_credits" (
	"payer_user_id" text NOT NULL,
	"payee_user_id" text NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_credits_payer_user_id_payee_user_id_pk" PRIMARY KEY("payer_user_id","payee_user_id"),
	CONSTRAINT "payment_credits_balance_check" CHECK ("payment_credits"."balance_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_deadline_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_after_deadline" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_applied_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_credit_entries" ADD CONSTRAINT "payment_credit_entries_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credit_entries" ADD CONSTRAINT "payment_credit_entries_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credit_entries" ADD CONSTRAINT "payment_credit_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_credit_entries_once" ON "payment_credit_entries" USING btree ("payment_id","reason");--> statement-breakpoint
CREATE INDEX "payment_credit_entries_pair_idx" ON "payment_credit_entries" USING btree ("payer_user_id","payee_user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_refund_deadline_check" CHECK ("events"."refund_deadline_hours" in (0, 2, 12, 24, 48, 72, 168));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_refund_after_deadline_check" CHECK ("events"."refund_after_deadline" in ('none', 'credit'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_check" CHECK ("payments"."credit_applied_cents" >= 0 and "payments"."credited_cents" >= 0);