ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "form_submission_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "payment_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "access_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_form_submission_id_form_submissions_id_fk" FOREIGN KEY ("form_submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_form_submission_idx" ON "payments" USING btree ("form_submission_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('event', 'season', 'subscription', 'form'));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_total_check" CHECK ("form_submissions"."total_cents" >= 0);--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_status_check" CHECK ("form_submissions"."status" in ('submitted', 'waitlisted', 'awaiting_payment', 'cancelled'));