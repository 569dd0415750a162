import type { ConversationKind } from '@huddle/shared/messages';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * A conversation (spec §3): one-to-one between userA < userB, or the one conversation of a team
 * or an event. Who belongs to a team's or an event's conversation is read from the team and the
 * event at the time (decision 026), so joining or leaving needs no second write here.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ConversationKind>().notNull(),
    userA: text('user_a').references(() => users.id, { onDelete: 'cascade' }),
    userB: text('user_b').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** Team and event: only organizers post. */
    announcementsOnly: boolean('announcements_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('conversations_kind_check', sql`${table.kind} in ('direct', 'team', 'event')`),
    check(
      'conversations_shape_check',
      sql`(${table.kind} = 'direct' and ${table.userA} is not null and ${table.userB} is not null and ${table.userA} < ${table.userB} and ${table.teamId} is null and ${table.eventId} is null)
        or (${table.kind} = 'team' and ${table.teamId} is not null and ${table.userA} is null and ${table.eventId} is null)
        or (${table.kind} = 'event' and ${table.eventId} is not null and ${table.userA} is null and ${table.teamId} is null)`,
    ),
    uniqueIndex('conversations_direct_pair').on(table.userA, table.userB),
    index('conversations_user_b_idx').on(table.userB),
    uniqueIndex('conversations_team_unique').on(table.teamId),
    uniqueIndex('conversations_event_unique').on(table.eventId),
  ],
);

/** A message; `seq` orders a conversation and is what read state points at. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made up by the sending tab: a retry with the same one is the same message. */
    clientId: uuid('client_id').notNull(),
    text: text('text').notNull(),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messages_sender_client_unique').on(table.senderId, table.clientId),
    uniqueIndex('messages_conversation_seq_idx').on(table.conversationId, table.seq),
  ],
);

/** Per member: how far they have read (spec §3 isRead) and whether the conversation is muted. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    muted: boolean('muted').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_reads_user_idx').on(table.userId),
  ],
);
