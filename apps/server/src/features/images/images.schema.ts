import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * A public picture uploaded through POST /api/images (decision 040) and not yet seen in a saved
 * form or site. The hourly sweep keeps (forgets the row of) a picture a form or site uses, and
 * deletes the bytes of one still unused a day after its upload: the builder was left, or the
 * picture replaced before it was ever saved.
 */
export const publicImages = pgTable(
  'public_images',
  {
    url: text('url').primaryKey(),
    uploaderUserId: text('uploader_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('public_images_created_idx').on(table.createdAt)],
);
