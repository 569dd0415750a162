import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passkeyChallenges, passkeys, type PasskeyChallengeRow, type PasskeyRow } from './passkeys.schema.ts';

export async function listPasskeysOfUser(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
}

/** Stores a ceremony's challenge, and drops the expired ones (each start cleans up after the abandoned). */
export async function insertChallenge(
  db: Database,
  values: Pick<PasskeyChallengeRow, 'idHash' | 'kind' | 'challenge' | 'userId' | 'expiresAt'>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    await tx.insert(passkeyChallenges).values(values);
  });
}

/**
 * Takes a ceremony's challenge out for good, if it is of this kind and still valid: one
 * DELETE … RETURNING, so of two answers to one challenge (a replay, a double submit) one gets it.
 */
export async function takeChallenge(
  db: Database,
  { idHash, kind, now }: { idHash: string; kind: PasskeyChallengeRow['kind']; now: Date },
): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await db.delete(passkeyChallenges).where(eq(passkeyChallenges.idHash, idHash)).returning();
  return row && row.kind === kind && row.expiresAt > now ? row : undefined;
}

/**
 * Adds a passkey unless the account already holds `limit` of them or the credential is already
 * Huddle's. The account's rows are counted under a lock of that account (two adds at once count in
 * turn); the credential's uniqueness is the unique index's.
 */
export async function insertPasskey(
  db: Database,
  values: Omit<PasskeyRow, 'createdAt' | 'lastUsedAt'>,
  limit: number,
): Promise<PasskeyRow | 'taken' | 'too-many'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`passkeys:${values.userId}`}))`);
    const [existing] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, values.userId));
    if ((existing?.n ?? 0) >= limit) return 'too-many' as const;
    const [row] = await tx
      .insert(passkeys)
      .values(values)
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    return row ?? ('taken' as const);
  });
}

export async function findPasskeyByCredentialId(db: Database, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/**
 * Records a sign-in with the passkey: its new counter and when. Only if the row is still there and
 * its counter has not moved past this one meanwhile (a counter that goes back is a cloned
 * authenticator's; synced passkeys stay at 0): false otherwise, and the sign-in is refused.
 */
export async function recordPasskeyUse(
  db: Database,
  { id, counter, at }: { id: string; counter: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: at })
    .where(and(eq(passkeys.id, id), or(eq(passkeys.counter, 0), lt(passkeys.counter, counter))))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** The passkey if it is this person's; another's reads as none. */
export async function renamePasskey(
  db: Database,
  { id, userId, name }: { id: string; userId: string; name: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Database, { id, userId }: { id: string; userId: string }): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
