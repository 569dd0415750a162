import { and, asc, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@huddle/shared/payments';
import type { Database } from './client.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { payments } from '../features/payments/payments.schema.ts';
import { registrations, seasons } from '../features/seasons/seasons.schema.ts';
import { teamMembers, teams } from '../features/teams/teams.schema.ts';
import { demoAccount } from './seed.ts';
import { nextReceiptNumber } from '../features/payments/payment-receipts.ts';
import { events } from '../features/events/events.schema.ts';
import { insertObjectOnce } from '../features/payments/local-stripe/local-stripe.repository.ts';
import { newAccount } from '../features/payments/local-stripe/resources/accounts.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The demo's money (issue 13), so Invoices and Transactions are not empty on first start: players
 * paid the demo's Spring League fee (one partly refunded, one refunded), and the demo paid for two
 * games of the team where they play (one refunded). Transactions show once the demo has a Stripe
 * account (spec §2), as for anyone: without Stripe keys `seedDemoPayees` gives it one. Runs once: nothing is added when any payment exists.
 */
export async function seedDemoPayments(db: Database, now: Date = new Date()): Promise<boolean> {
  const [demo] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, demoAccount.email));
  const [existing] = await db.select({ total: count() }).from(payments);
  if (!demo || (existing?.total ?? 0) > 0) return false;

  const [league] = await db
    .select({
      id: seasons.id,
      teamId: seasons.teamId,
      label: seasons.label,
      feeCents: seasons.feeCents,
      teamName: teams.name,
    })
    .from(seasons)
    .innerJoin(teams, eq(teams.id, seasons.teamId))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.role, 'owner')))
    .where(and(eq(teamMembers.userId, demo.id), isNotNull(seasons.feeCents)))
    .limit(1);
  const players = league
    ? await db
        .select({
          id: registrations.id,
          userId: registrations.userId,
          name: registrations.name,
          email: registrations.email,
        })
        .from(registrations)
        .where(and(eq(registrations.seasonId, league.id), ne(registrations.userId, demo.id)))
        .orderBy(asc(registrations.email))
        .limit(8)
    : [];
  const [played] = await db
    .select({ teamId: teams.id, teamName: teams.name, ownerId: teamMembers.userId })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.role, 'owner')))
    .where(
      sql`exists (select 1 from team_members m where m.team_id = ${teams.id} and m.user_id = ${demo.id} and m.role = 'player')`,
    )
    .limit(1);
  if (!league || players.length === 0 || !played) return false;

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * dayMs);
  const fee = league.feeCents ?? 0;
  const refunds: Partial<Record<number, { status: PaymentStatus; refundedCents: number }>> = {
    2: { status: 'partially_refunded', refundedCents: Math.round(fee / 2) },
    5: { status: 'refunded', refundedCents: fee },
  };
  const seasonRows = players.map((player, index) => ({
    kind: 'season' as const,
    status: refunds[index]?.status ?? ('paid' as const),
    receiptNumber: nextReceiptNumber(),
    payerUserId: player.userId,
    payerName: player.name,
    payerEmail: player.email,
    payeeUserId: demo.id,
    teamId: league.teamId,
    seasonId: league.id,
    registrationId: player.id,
    description: `${league.teamName} · ${league.label}`,
    amountCents: fee,
    // Huddle's fee: 5% of what the organizer is paid.
    feeCents: Math.round(fee * 0.05),
    refundedCents: refunds[index]?.refundedCents ?? 0,
    createdAt: at(20 - index),
    paidAt: at(20 - index),
    refundedAt: refunds[index] ? at(10) : null,
  }));
  const gameRows = [
    { daysAgo: 12, status: 'paid' as const, refundedCents: 0 },
    { daysAgo: 5, status: 'refunded' as const, refundedCents: 800 },
  ].map((game) => ({
    kind: 'event' as const,
    status: game.status,
    receiptNumber: nextReceiptNumber(),
    payerUserId: demo.id,
    payerName: demo.name,
    payerEmail: demo.email,
    payeeUserId: played.ownerId,
    teamId: played.teamId,
    description: `${played.teamName} pickup · ${at(game.daysAgo).toISOString().slice(0, 10)}`,
    amountCents: 800,
    feeCents: 40,
    refundedCents: game.refundedCents,
    createdAt: at(game.daysAgo),
    paidAt: at(game.daysAgo),
    refundedAt: game.refundedCents > 0 ? at(game.daysAgo - 1) : null,
  }));
  await db.transaction(async (tx) => {
    for (const row of [...seasonRows, ...gameRows]) await tx.insert(payments).values(row);
  });
  return true;
}

/**
 * The organizers of the demo's priced games and the owners of teams whose seasons have a fee (the
 * demo, for its Spring League) get a complete test account of the local provider (decision 029),
 * so a newcomer can pay for a demo game or season through the local Checkout. Only without
 * Stripe keys: a made-up account id means nothing to real Stripe, where organizers connect their
 * own. Once: an organizer who has an account keeps it. Returns how many were given one.
 */
export async function seedDemoPayees(db: Database): Promise<number> {
  const creators = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(and(isNotNull(events.priceCents), isNull(users.stripeId)));
  // A season's fee is paid to the team's owner, and needs their account (the demo's Spring League).
  const owners = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(seasons)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, seasons.teamId), eq(teamMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(gt(seasons.feeCents, 0), isNull(users.stripeId)));
  const payees = [...new Map([...creators, ...owners].map((payee) => [payee.id, payee])).values()];
  for (const payee of payees) {
    const id = `acct_demo${payee.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 20)}`;
    await insertObjectOnce(
      db,
      newAccount({
        id,
        type: 'express',
        country: 'US',
        email: payee.email,
        created: Math.floor(Date.now() / 1000),
        complete: true,
      }),
    );
    await db
      .update(users)
      .set({ stripeId: id, stripeChargesEnabled: true, stripeDetailsSubmitted: true })
      .where(and(eq(users.id, payee.id), isNull(users.stripeId)));
  }
  return payees.length;
}
