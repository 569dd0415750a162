import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { paymentCreditEntries, paymentCredits, type CreditEntryReason } from './credits.schema.ts';

interface Pair {
  payerUserId: string;
  payeeUserId: string;
}

/** The balance under its row lock (0 when there is no row): parallel spends of one pair queue here. */
export async function lockBalance(tx: Database, pair: Pair): Promise<number> {
  const [row] = await tx
    .select({ balanceCents: paymentCredits.balanceCents })
    .from(paymentCredits)
    .where(and(eq(paymentCredits.payerUserId, pair.payerUserId), eq(paymentCredits.payeeUserId, pair.payeeUserId)))
    .for('update');
  return row?.balanceCents ?? 0;
}

export async function findBalance(db: Database, pair: Pair): Promise<number> {
  const [row] = await db
    .select({ balanceCents: paymentCredits.balanceCents })
    .from(paymentCredits)
    .where(and(eq(paymentCredits.payerUserId, pair.payerUserId), eq(paymentCredits.payeeUserId, pair.payeeUserId)));
  return row?.balanceCents ?? 0;
}

/**
 * Records one entry of a payment and moves the balance by it, in the caller's transaction; false
 * (and nothing moved) when that payment already has an entry of this reason.
 */
export async function recordCreditEntry(
  tx: Database,
  entry: Pair & { paymentId: string; reason: CreditEntryReason; amountCents: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentCreditEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: paymentCreditEntries.id });
  if (inserted.length === 0) return false;
  const pair = and(
    eq(paymentCredits.payerUserId, entry.payerUserId),
    eq(paymentCredits.payeeUserId, entry.payeeUserId),
  );
  // A spend only follows a positive balance the caller locked: its row exists. (An upsert would check
  // its negative VALUES row against the balance check before finding the conflict.)
  if (entry.amountCents < 0) {
    await tx
      .update(paymentCredits)
      .set({ balanceCents: sql`${paymentCredits.balanceCents} + ${entry.amountCents}`, updatedAt: sql`now()` })
      .where(pair);
    return true;
  }
  await tx
    .insert(paymentCredits)
    .values({ payerUserId: entry.payerUserId, payeeUserId: entry.payeeUserId, balanceCents: entry.amountCents })
    .onConflictDoUpdate({
      target: [paymentCredits.payerUserId, paymentCredits.payeeUserId],
      set: {
        balanceCents: sql`${paymentCredits.balanceCents} + ${entry.amountCents}`,
        updatedAt: sql`now()`,
      },
    });
  return true;
}

/**
 * Takes credit back for a payment (decision 043), in the caller's transaction after it locked the
 * balance and checked it covers `cents`: one growing `taken_back` entry per payment, because each
 * call stands for one dashboard refund that the caller recorded once.
 */
export async function recordCreditTakeBack(
  tx: Database,
  entry: Pair & { paymentId: string; cents: number },
): Promise<void> {
  await tx
    .insert(paymentCreditEntries)
    .values({
      payerUserId: entry.payerUserId,
      payeeUserId: entry.payeeUserId,
      paymentId: entry.paymentId,
      reason: 'taken_back',
      amountCents: -entry.cents,
    })
    .onConflictDoUpdate({
      target: [paymentCreditEntries.paymentId, paymentCreditEntries.reason],
      set: { amountCents: sql`${paymentCreditEntries.amountCents} - ${entry.cents}` },
    });
  await tx
    .update(paymentCredits)
    .set({ balanceCents: sql`${paymentCredits.balanceCents} - ${entry.cents}`, updatedAt: sql`now()` })
    .where(and(eq(paymentCredits.payerUserId, entry.payerUserId), eq(paymentCredits.payeeUserId, entry.payeeUserId)));
}

/** A player's credits above 0, with each organizer's name, largest first. */
export async function listCreditsOf(db: Database, payerUserId: string) {
  return db
    .select({
      payeeUserId: paymentCredits.payeeUserId,
      payeeName: users.name,
      balanceCents: paymentCredits.balanceCents,
    })
    .from(paymentCredits)
    .innerJoin(users, eq(users.id, paymentCredits.payeeUserId))
    .where(and(eq(paymentCredits.payerUserId, payerUserId), gt(paymentCredits.balanceCents, 0)))
    .orderBy(sql`${paymentCredits.balanceCents} desc`)
    .limit(100);
}
