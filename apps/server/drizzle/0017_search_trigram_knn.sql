-- Full-search ranking by trigram distance (decision 016): a GiST trigram index hands over the
-- closest titles first (ORDER BY title <-> text), instead of the GIN index returning every title
-- that shares trigrams with the text ("pickup game 4242": all of them) to be sorted.
-- IF NOT EXISTS: the bench database may have it from CREATE INDEX CONCURRENTLY already.
CREATE INDEX IF NOT EXISTS "events_title_gist_idx" ON "events" USING gist ("title" gist_trgm_ops) WHERE "cancelled_at" IS NULL AND "visibility" = 'public';
