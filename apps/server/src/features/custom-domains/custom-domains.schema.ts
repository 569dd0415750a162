import type { CustomDomainState } from '@huddle/shared/custom-domains';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { websites } from '../websites/websites.schema.ts';

/**
 * Issue 15: a host name that serves a website (spec §2, the route table on another host).
 * The unique index on the name is what settles two organizers racing for one domain.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Lowercase, punycode, no trailing dot (customDomainName in the shared contract). */
    domain: text('domain').notNull(),
    /** The value the TXT record `_huddle.<domain>` must hold: proof that the organizer controls the name. */
    token: text('token').notNull(),
    state: text('state').$type<CustomDomainState>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('custom_domains_domain_unique').on(table.domain),
    index('custom_domains_website_idx').on(table.websiteId),
  ],
);
export type CustomDomainRow = typeof customDomains.$inferSelect;

/**
 * A sign-in handed from Huddle's origin to a custom domain (decision 038): one use, 60 seconds,
 * for one user, one domain and one path. Only the token's SHA-256 is kept, so a copy of the table
 * redeems nothing; redeeming deletes the row, which is what makes a token single-use.
 */
export const customDomainHandOffs = pgTable(
  'custom_domain_hand_offs',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => customDomains.id, { onDelete: 'cascade' }),
    /** Where on the custom host the person goes once signed in (path and query). */
    path: text('path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_domain_hand_offs_expires_idx').on(table.expiresAt)],
);
export type CustomDomainHandOffRow = typeof customDomainHandOffs.$inferSelect;
