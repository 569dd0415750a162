-- Full-search at a million events (decision 071). Each searchable row carries a precomputed
-- search document (a tsvector of its lower-cased, unaccented words) in a generated column with a
-- GIN index, so a search reads posting lists instead of every title's trigrams. Typos are met
-- by a small table of the distinct words those documents hold, matched by trigram similarity
-- ("basketbal" -> basketball): the similar words then join the text search query. Written by
-- hand (drizzle-kit cannot express generated tsvector columns or triggers); the snapshot is
-- 0050's, so `drizzle-kit generate` sees no drift, as with 0009 and 0017.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint

-- unaccent() is STABLE (its dictionary could change), and a generated column or an index needs
-- an IMMUTABLE expression. A SQL-standard body binds the dictionary and the function when this
-- runs, so no search_path can change what it means later: immutable in fact.
CREATE OR REPLACE FUNCTION huddle_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, input));--> statement-breakpoint

-- The 'simple' configuration: no stemming and no stop words, since titles and names are in any
-- language and are short; "zilk" finds Zilker by a prefix query instead.
ALTER TABLE "events" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, huddle_search_text("title"))) STORED;--> statement-breakpoint
-- A place's name weighs A, its address B: the events of a place are found by its name only
-- (huddle_search_query's weights), the place itself by either.
ALTER TABLE "places" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, huddle_search_text("name")), 'A') ||
    setweight(to_tsvector('simple'::regconfig, huddle_search_text("address")), 'B')
  ) STORED;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, huddle_search_text("name"))) STORED;--> statement-breakpoint
-- The display name only: the full name and the email are private (spec §3).
ALTER TABLE "users" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, huddle_search_text(coalesce("name", '')))) STORED;--> statement-breakpoint

-- Full-search lists only public events that are not cancelled (spec §4): the index holds no other.
-- fastupdate off: with it, new rows wait in a pending list (up to 4 MB) that every search reads
-- whole until a vacuum merges it: 3-5 times the buffers of a merged index in bench:nearby.
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_document") WITH (fastupdate = off) WHERE "cancelled_at" IS NULL AND "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "places_search_idx" ON "places" USING gin ("search_document") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "teams_search_idx" ON "teams" USING gin ("search_document") WITH (fastupdate = off) WHERE "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document") WITH (fastupdate = off);--> statement-breakpoint
-- Replaced by events_search_idx; the title search was its only reader (migration 0017).
DROP INDEX IF EXISTS "events_title_gist_idx";--> statement-breakpoint

-- The distinct words of all search documents, for typo matching: thousands of rows where the
-- documents hold millions. Numbers and words under 3 letters are left out (a typo in "7777"
-- is another number; trigrams of 2 letters say nothing). Words are never removed: a word whose
-- last row is gone only adds an alternative to a query that then matches nothing more.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT lexeme FROM (
    SELECT "search_document" FROM "events"
    UNION ALL SELECT "search_document" FROM "places"
    UNION ALL SELECT "search_document" FROM "teams"
    UNION ALL SELECT "search_document" FROM "users"
  ) documents, unnest(documents."search_document")
  WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[^0-9]'
  ON CONFLICT DO NOTHING;--> statement-breakpoint

-- The write path keeps search_words current: one statement-level insert per bulk insert (a
-- transition table), one row-level insert when a name changes.
CREATE OR REPLACE FUNCTION huddle_search_words_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT lexeme FROM inserted, unnest(inserted.search_document)
    WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[^0-9]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION huddle_search_words_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT lexeme FROM unnest(NEW.search_document)
    WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[^0-9]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_search_words_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION huddle_search_words_of_inserted();--> statement-breakpoint
CREATE TRIGGER "events_search_words_updated" AFTER UPDATE OF "title" ON "events"
  FOR EACH ROW WHEN (OLD."search_document" IS DISTINCT FROM NEW."search_document") EXECUTE FUNCTION huddle_search_words_of_updated();--> statement-breakpoint
CREATE TRIGGER "places_search_words_inserted" AFTER INSERT ON "places" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION huddle_search_words_of_inserted();--> statement-breakpoint
CREATE TRIGGER "places_search_words_updated" AFTER UPDATE OF "name", "address" ON "places"
  FOR EACH ROW WHEN (OLD."search_document" IS DISTINCT FROM NEW."search_document") EXECUTE FUNCTION huddle_search_words_of_updated();--> statement-breakpoint
CREATE TRIGGER "teams_search_words_inserted" AFTER INSERT ON "teams" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION huddle_search_words_of_inserted();--> statement-breakpoint
CREATE TRIGGER "teams_search_words_updated" AFTER UPDATE OF "name" ON "teams"
  FOR EACH ROW WHEN (OLD."search_document" IS DISTINCT FROM NEW."search_document") EXECUTE FUNCTION huddle_search_words_of_updated();--> statement-breakpoint
CREATE TRIGGER "users_search_words_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION huddle_search_words_of_inserted();--> statement-breakpoint
CREATE TRIGGER "users_search_words_updated" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."search_document" IS DISTINCT FROM NEW."search_document") EXECUTE FUNCTION huddle_search_words_of_updated();--> statement-breakpoint

-- The text as a search query: each of its words or'ed with up to eight known words it begins
-- ("zilk" -> zilker) and three known words like it ("basketbal" -> basketball), the words and'ed
-- (every_word) or or'ed, each in the parts of the document of only_weights ('A': a place's name)
-- or in any part (''). Whole words only: a prefix query ('zilk':*) makes GIN gather every
-- matching posting list into a bitmap (a million rows for 'game':*) and loses the fast AND
-- that skips through a common word's list by a rare one's. Prefixes from 3 letters, typos from
-- 4, neither for numbers. NULL when the text holds no word.
CREATE OR REPLACE FUNCTION huddle_search_query(input text, every_word boolean, only_weights text DEFAULT '') RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT string_agg(
           concat('(', (
             SELECT string_agg(concat('''', replace(replace(alternative.word, '\', '\\'), '''', ''''''), '''', ':' || nullif(only_weights, '')), ' | ')
             FROM (
               SELECT token.lexeme AS word
               UNION
               (SELECT word FROM search_words
                WHERE length(token.lexeme) >= 3 AND token.lexeme ~ '[^0-9]'
                  AND word LIKE replace(replace(replace(token.lexeme, '\', '\\'), '%', '\%'), '_', '\_') || '%'
                ORDER BY length(word), word
                LIMIT 8)
               UNION
               (SELECT word FROM search_words
                WHERE length(token.lexeme) >= 4 AND token.lexeme ~ '[^0-9]' AND word % token.lexeme
                ORDER BY similarity(word, token.lexeme) DESC, word
                LIMIT 3)
             ) alternative
           ), ')'),
           CASE WHEN every_word THEN ' & ' ELSE ' | ' END)::tsquery
  FROM unnest(to_tsvector('simple'::regconfig, huddle_search_text(input))) AS token;
END;
