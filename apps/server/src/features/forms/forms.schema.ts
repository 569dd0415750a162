import type {
  CheckedAnswer,
  FormField,
  FormSettings,
  FormStatus,
  PaymentLine,
  SubmissionStatus,
} from '@huddle/shared/forms';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { unregisteredUsers, users } from '../accounts/accounts.schema.ts';
import { registrations } from '../seasons/seasons.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * Issue 14: an organizer's form. Its fields and settings are JSON checked by the shared schemas
 * on every save (packages/shared/src/forms.ts), so the row holds only what passed them. `version`
 * goes up on each save: a save based on an older version is refused (two tabs, two organizers).
 */
export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who made it; a team's form stays with the team if its maker's account goes. */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverImageUrl: text('cover_image_url'),
    fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
    settings: jsonb('settings').$type<FormSettings>().notNull(),
    status: text('status').$type<FormStatus>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('forms_owner_idx').on(table.ownerUserId),
    index('forms_team_idx').on(table.teamId),
    check('forms_status_check', sql`${table.status} in ('draft', 'published', 'closed')`),
  ],
);

/**
 * One filling of a form. Answers are what `checkAnswers` kept: visible fields only, normalised.
 * (form, client id) is unique, so a retried send makes one submission.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: text('guest_id').references(() => unregisteredUsers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<SubmissionStatus>().notNull(),
    answers: jsonb('answers').$type<Record<string, CheckedAnswer>>().notNull(),
    /**
     * Decision 036: what the submission costs, from the saved definition when it was sent (a later
     * edit of the form does not change what someone owes), and the lines it was made of.
     */
    totalCents: integer('total_cents').notNull().default(0),
    paymentLines: jsonb('payment_lines').$type<PaymentLine[]>().notNull().default([]),
    /** The key in a visitor's payment link (confirmation mail): who holds it may pay, nobody else. */
    accessKey: text('access_key'),
    /**
     * The season registration this submission made (a linked season, spec §7), so withdrawing or
     * deleting the submission ends that one and never a registration made another way (decision 044).
     */
    seasonRegistrationId: uuid('season_registration_id').references(() => registrations.id, {
      onDelete: 'set null',
    }),
    marked: boolean('marked').notNull().default(false),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('form_submissions_client_unique').on(table.formId, table.clientId),
    index('form_submissions_form_idx').on(table.formId, table.createdAt),
    index('form_submissions_user_idx').on(table.userId),
    index('form_submissions_email_idx').on(table.formId, table.email),
    check(
      'form_submissions_status_check',
      sql`${table.status} in ('submitted', 'waitlisted', 'awaiting_payment', 'cancelled')`,
    ),
    check('form_submissions_total_check', sql`${table.totalCents} >= 0`),
  ],
);

/**
 * A file sent to a form's file question (decision 037). Uploaded before the form is submitted,
 * bound to the filling (`clientId`, and the account when signed in); the submission that names
 * it claims it (`submissionId`), once. The bytes are in private storage under `storageKey`.
 * Unclaimed uploads older than a day are deleted by a job.
 */
export const formUploads = pgTable(
  'form_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    clientId: uuid('client_id').notNull(),
    uploaderUserId: text('uploader_user_id').references(() => users.id, { onDelete: 'set null' }),
    submissionId: uuid('submission_id').references(() => formSubmissions.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('form_uploads_filling_idx').on(table.formId, table.clientId),
    index('form_uploads_submission_idx').on(table.submissionId),
    index('form_uploads_orphan_idx')
      .on(table.createdAt)
      .where(sql`${table.submissionId} is null`),
  ],
);

/**
 * Bytes in private storage whose rows are gone (decision 040): a deleted form's files, an orphan
 * upload's, a deleted team's forms'. Written by a trigger on form_uploads (migration 0037) in the
 * transaction that deletes the rows, whatever deletes them; the bytes are removed after the
 * commit and the row with them. A removal that fails leaves its row, and the hourly orphan job
 * tries it again, so a storage outage never blocks a delete and never leaves bytes for good.
 */
export const formFileDeletions = pgTable('form_file_deletions', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
