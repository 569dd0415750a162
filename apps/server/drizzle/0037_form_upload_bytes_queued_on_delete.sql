-- Decision 040, update: every way a form_uploads row goes (a form deleted, a team deleted with its
-- forms by cascade, a submission removed, the orphan job) queues its bytes for removal in the same
-- transaction, so no path can leave a file in private storage without a row that points at it.
CREATE FUNCTION huddle_queue_form_upload_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "form_file_deletions" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "form_uploads_queue_bytes" AFTER DELETE ON "form_uploads"
  FOR EACH ROW EXECUTE FUNCTION huddle_queue_form_upload_bytes();
