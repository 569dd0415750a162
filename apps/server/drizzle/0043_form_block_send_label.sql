-- Decision 049: the form block's button now sends the form filled inline, so the builder's old
-- default label for it, 'Open the form' (it was a link to form/{id}), becomes 'Send'. Labels an
-- organizer typed are kept. Drafts and published copies.
CREATE FUNCTION pg_temp.huddle_form_block_label(document jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_set(document, '{pages}', coalesce((
    SELECT jsonb_agg(
      jsonb_set(page, '{content}', coalesce((
        SELECT jsonb_agg(
          CASE
            WHEN block->>'type' = 'Form' AND block->'props'->>'buttonLabel' = 'Open the form' THEN
              jsonb_set(block, '{props,buttonLabel}', '"Send"'::jsonb)
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
  "draft" = pg_temp.huddle_form_block_label("draft"),
  "published" = CASE WHEN "published" IS NULL THEN NULL ELSE pg_temp.huddle_form_block_label("published") END;
