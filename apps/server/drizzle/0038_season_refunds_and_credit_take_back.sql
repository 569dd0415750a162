ALTER TABLE "payment_credit_entries" DROP CONSTRAINT "payment_credit_entries_reason_check";--> statement-breakpoint
ALTER TABLE "payment_outside_refunds" ADD COLUMN "credit_taken_back_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_outside_refunds" ADD COLUMN "credit_unrecovered_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_credit_entries" ADD CONSTRAINT "payment_credit_entries_reason_check" CHECK ("payment_credit_entries"."reason" in ('granted', 'spent', 'returned', 'taken_back'));