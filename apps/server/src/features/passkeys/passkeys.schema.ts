import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/accounts.schema.ts';

/**
 * A person's passkeys (issue 34, part 3; decision 078): WebAuthn credentials registered on
 * Huddle's own host. Removing the row is what stops it signing in.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential's id as the browser sends it back (base64url): one account holds it, once. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; synced passkeys keep it at 0. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'singleDevice' or 'multiDevice' (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** The authenticator model, when it says (all zeros when it does not). */
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_unique').on(table.credentialId),
    index('passkeys_user_id_idx').on(table.userId),
    check('passkeys_device_type_check', sql`${table.deviceType} in ('singleDevice', 'multiDevice')`),
  ],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * The challenge of a ceremony under way, by the SHA-256 of the id the browser holds. Taken out
 * with one DELETE … RETURNING, so an answer is checked against its challenge once: a replay, or
 * two answers at once, find nothing. A registration's belongs to the person who asked for it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind').notNull(),
    challenge: text('challenge').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('passkey_challenges_expires_at_idx').on(table.expiresAt),
    check('passkey_challenges_kind_check', sql`${table.kind} in ('registration', 'authentication')`),
    check('passkey_challenges_owner_check', sql`(${table.kind} = 'registration') = (${table.userId} is not null)`),
  ],
);
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
