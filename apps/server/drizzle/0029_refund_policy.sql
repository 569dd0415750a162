ALTER TABLE "events" ADD COLUMN "refund_deadline_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_after_deadline" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_refund_deadline_check" CHECK ("events"."refund_deadline_hours" in (0, 2, 12, 24, 48, 72, 168));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_refund_after_deadline_check" CHECK ("events"."refund_after_deadline" in ('none', 'credit'));