-- Decision 041: the rich-text block keeps formatted text as a structure (`content`), no longer
-- plain `text`. Each existing block's text becomes one paragraph (its line breaks kept in the run,
-- which the site draws as they were); an empty text becomes no content. Drafts and published copies.
CREATE FUNCTION pg_temp.huddle_rich_text_document(document jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_set(document, '{pages}', coalesce((
    SELECT jsonb_agg(
      jsonb_set(page, '{content}', coalesce((
        SELECT jsonb_agg(
          CASE
            WHEN block->>'type' = 'RichText' AND block->'props' ? 'text' THEN
              jsonb_set(block, '{props}', ((block->'props') - 'text'::text) || jsonb_build_object('content',
                CASE WHEN coalesce(block->'props'->>'text', '') = '' THEN '[]'::jsonb
                ELSE jsonb_build_array(jsonb_build_object('type', 'paragraph', 'runs',
                  jsonb_build_array(jsonb_build_object('text', block->'props'->>'text'))))
                END))
            ELSE block
          END ORDER BY block_index)
        FROM jsonb_array_elements(page->'content') WITH ORDINALITY AS blocks(block, block_index)
      ), '[]'::jsonb))
      ORDER BY page_index)
    FROM jsonb_array_elements(document->'pages') WITH ORDINALITY AS pages(page, page_index)
  ), '[]'::jsonb))
$$;
--> statement-breakpoint
UPDATE "websites" SET
  "draft" = pg_temp.huddle_rich_text_document("draft"),
  "published" = CASE WHEN "published" IS NULL THEN NULL ELSE pg_temp.huddle_rich_text_document("published") END;
