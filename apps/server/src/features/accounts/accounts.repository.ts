import { and, desc, eq, ilike, inArray, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { mailOutbox } from '../../lib/mail/outbox.schema.ts';
import { registrations } from '../seasons/seasons.schema.ts';
import { eventParties } from '../events/events.schema.ts';
import { authAccounts, passwordSetupMails, sessions, unregisteredUsers, users } from './accounts.schema.ts';

export type UserRow = typeof users.$inferSelect;

const userById = preparedPerHandle((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('users_by_id'),
);

export async function findUserById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ userId });
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  return (await findPasswordHash(db, userId)) !== undefined;
}

/** The stored hash of the account's password; undefined when it has none (seeded, social only). */
export async function findPasswordHash(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
    .limit(1);
  return row?.password ?? undefined;
}

/**
 * Records a password-setup mail for the user at `now`, unless one was recorded after
 * `notAfter`; true when this caller may send it. One statement: of simultaneous callers,
 * exactly one gets true (the row lock makes the others see its new time).
 */
export async function claimPasswordSetupMail(
  db: Database,
  { userId, now, notAfter }: { userId: string; now: Date; notAfter: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(passwordSetupMails)
    .values({ userId, sentAt: now })
    .onConflictDoUpdate({
      target: passwordSetupMails.userId,
      set: { sentAt: now },
      setWhere: lte(passwordSetupMails.sentAt, notAfter),
    })
    .returning({ userId: passwordSetupMails.userId });
  return claimed.length === 1;
}

/** Removes the account; sessions, sign-in methods and settings go with it (foreign keys cascade). */
/** `removePersonal` deletes what other features keep for the person alone, in the same transaction. */
export async function deleteUserAndMail(
  db: Database,
  userId: string,
  email: string,
  removePersonal: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await removePersonal(tx);
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length === 1;
  });
}

export type GuestRow = typeof unregisteredUsers.$inferSelect;

export async function findGuestByEmail(db: Database, email: string): Promise<GuestRow | undefined> {
  const [row] = await db.select().from(unregisteredUsers).where(eq(unregisteredUsers.email, email)).limit(1);
  return row;
}

export async function findGuestById(db: Database, guestId: string): Promise<GuestRow | undefined> {
  const [row] = await db.select().from(unregisteredUsers).where(eq(unregisteredUsers.id, guestId)).limit(1);
  return row;
}

/** Returns the existing guest for the email, or creates one; safe under concurrent calls. */
export async function insertGuest(db: Database, guest: { id: string; name: string; email: string }): Promise<GuestRow> {
  await db.insert(unregisteredUsers).values(guest).onConflictDoNothing({ target: unregisteredUsers.email });
  const row = await findGuestByEmail(db, guest.email);
  if (!row) throw new Error('guest insert lost');
  return row;
}

export async function deleteGuest(db: Database, guestId: string): Promise<void> {
  await db.delete(unregisteredUsers).where(eq(unregisteredUsers.id, guestId));
}

/**
 * Spec §5: an account whose email is verified takes over what the guest with that email did
 * (season registrations, event spots), then the guest record goes. One transaction.
 * Registrations cannot collide (one per email and season). Event spots can: before verifying,
 * the account may have joined an occurrence the guest is on. There the account's own party
 * stays and the guest's copy goes (it is the same person), so the unique index holds.
 */
export async function moveGuestToUser(db: Database, guestId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(registrations).set({ userId, guestId: null }).where(eq(registrations.guestId, guestId));
    const own = alias(eventParties, 'own');
    await tx
      .update(eventParties)
      .set({ userId, guestId: null })
      .where(
        and(
          eq(eventParties.guestId, guestId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(own)
              .where(
                and(
                  eq(own.eventId, eventParties.eventId),
                  eq(own.occurrenceStartsAt, eventParties.occurrenceStartsAt),
                  eq(own.userId, userId),
                ),
              ),
          ),
        ),
      );
    // What is left of the guest's parties collided with the account's own, and cascades away.
    await tx.delete(unregisteredUsers).where(eq(unregisteredUsers.id, guestId));
  });
}

/** Accounts whose name, full name or email contains the text (any case), newest first. */
export async function searchUsers(db: Database, text: string | undefined, limit: number): Promise<UserRow[]> {
  const pattern = text ? `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      pattern ? or(ilike(users.name, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
    )
    .orderBy(desc(users.createdAt), users.id)
    .limit(limit);
}

/** The ids of every admin, locked until the transaction ends: of two revocations at once, the second sees the first. */
export async function lockAdminIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  return rows.map((row) => row.id);
}

export async function updateUser(
  db: Database,
  userId: string,
  change: Partial<Pick<UserRow, 'role' | 'disabledAt' | 'emailVerified'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Makes the accounts with these (lower-cased) emails admins; the ones that changed. */
export async function promoteEmails(db: Database, emails: string[]): Promise<UserRow[]> {
  if (emails.length === 0) return [];
  return db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(inArray(sql`lower(${users.email})`, emails), ne(users.role, 'admin')))
    .returning();
}

/** Ends every session of the account; the ids of the ended ones. */
export async function deleteSessionsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
