CREATE TABLE "event_attendance" (
	"event_id" uuid NOT NULL,
	"occurrence_starts_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"marked_by" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attendance_event_id_occurrence_starts_at_user_id_pk" PRIMARY KEY("event_id","occurrence_starts_at","user_id"),
	CONSTRAINT "event_attendance_status_check" CHECK ("event_attendance"."status" in ('present', 'no_show'))
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_starts_at" timestamp with time zone NOT NULL,
	"sender_id" text,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_messages_audience_check" CHECK ("event_messages"."audience" in ('joined', 'waiting', 'both'))
);
--> statement-breakpoint
CREATE TABLE "event_occurrence_cancellations" (
	"event_id" uuid NOT NULL,
	"occurrence_starts_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_occurrence_cancellations_event_id_occurrence_starts_at_pk" PRIMARY KEY("event_id","occurrence_starts_at")
);
--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrence_cancellations" ADD CONSTRAINT "event_occurrence_cancellations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendance_user_idx" ON "event_attendance" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "event_messages_event_idx" ON "event_messages" USING btree ("event_id","sent_at");