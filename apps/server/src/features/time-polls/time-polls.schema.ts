import type { TimePollStatus, VoteChoice } from '@huddle/shared/time-polls';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { places } from '../places/places.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * A poll of 2-5 times sent to a team's members (issue 34 part 1, decision 080). It closes once:
 * `status` goes to 'closed' with the chosen slot and the game it created, in the transaction
 * that creates the game, under a row lock, so two closes cannot make two games.
 */
export const timePolls = pgTable(
  'time_polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    spots: integer('spots').notNull(),
    /** The team's zone when the poll was sent: the times read on its clock. */
    timeZone: text('time_zone').notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    status: text('status').$type<TimePollStatus>().notNull().default('open'),
    /** The realtime topic's id: random, given only to the poll's readers (decision 080). */
    watchKey: text('watch_key').notNull().unique(),
    chosenSlotId: uuid('chosen_slot_id'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('time_polls_status_check', sql`${table.status} in ('open', 'closed')`),
    check('time_polls_spots_check', sql`${table.spots} >= 1`),
    index('time_polls_team_idx').on(table.teamId, table.createdAt),
  ],
);

export const timePollSlots = pgTable(
  'time_poll_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => timePolls.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('time_poll_slots_poll_start_unique').on(table.pollId, table.startsAt),
    check('time_poll_slots_order_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A member invited by the poll's mail, with the hash of their personal voting link's secret.
 * The secret itself is only ever in the mail: the link votes as this member, on this poll only.
 */
export const timePollInvitees = pgTable(
  'time_poll_invitees',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => timePolls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's 32 random bytes, hex. */
    tokenHash: text('token_hash').notNull().unique(),
  },
  (table) => [primaryKey({ columns: [table.pollId, table.userId] })],
);

/**
 * One answer per person per time: the primary key makes a repeated or raced vote an update of
 * the same row (INSERT … ON CONFLICT DO UPDATE), never a second row.
 */
export const timePollVotes = pgTable(
  'time_poll_votes',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => timePollSlots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => timePolls.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<VoteChoice>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.slotId, table.userId] }),
    check('time_poll_votes_choice_check', sql`${table.choice} in ('yes', 'ifNeeded', 'no')`),
    index('time_poll_votes_poll_idx').on(table.pollId),
  ],
);
