import { pgTable, text } from 'drizzle-orm/pg-core';

/** Spec §3, Game type: a label. The list is seeded by migration 0002. */
export const gameTypes = pgTable('game_types', {
  label: text('label').primaryKey(),
});
