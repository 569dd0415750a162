import { formatUsd, notRefundableMessage, type GamePayment } from '@huddle/shared/paid-games';
import { AppError } from '../../lib/app-error.ts';
import { registrationRefundedMail } from '../seasons/seasons.mails.ts';
import {
  endRegistration,
  managedRegistration,
  managedSeasonOf,
  removeRegistration,
} from '../seasons/seasons.service.ts';
import {
  findPayment,
  findPaymentOfRegistration,
  inTransaction,
  listSeasonPayments,
  lockPayment,
  updatePayment,
} from './paid-games.repository.ts';
import { refundPayment, settle, type Settlement } from './paid-game-refunds.service.ts';
import { giveBackSpentCredit, toGamePayment, type PaidGameDeps } from './paid-games.service.ts';

/**
 * Refunds of paid seasons (issue 13, decision 043): a player who withdraws before the season's
 * first session gets the fee back in full, as a player who leaves a game before its start (decision
 * 035); after it, nothing. An organizer refunds one registration in full and it ends.
 */

export const paidSeasonWithdrawnJob = 'paid-games.season-withdrawn';

/** Job data: what to do with the payment of a registration that ended. */
export interface SeasonWithdrawnJob {
  paymentId: string;
  settlement: Extract<Settlement, 'refund' | 'keep'>;
}

/**
 * DELETE of a season registration: a player's withdrawal or an organizer's removal. Its payment
 * is read first, as the registration's deletion unlinks it. Only the request that deleted the
 * registration queues the refund, so twenty withdrawals at once refund once; the job settles the
 * payment under its row lock and is retried through a Stripe outage. A removal by an organizer
 * keeps the money (they refund through refundSeasonRegistration) and ends an open Checkout.
 */
export async function removeSeasonRegistration(
  deps: PaidGameDeps,
  { actorId, seasonId, registrationId }: { actorId: string; seasonId: string; registrationId: string },
): Promise<void> {
  const payment = await findPaymentOfRegistration(deps.db, registrationId);
  const outcome = await removeRegistration(deps.db, { actorId, seasonId, registrationId });
  if (!outcome.removed || !payment) return;
  const inTime = outcome.withdrawn && deps.clock.now() < outcome.seasonStartsAt;
  await deps.jobs.send<SeasonWithdrawnJob>(paidSeasonWithdrawnJob, {
    paymentId: payment.id,
    settlement: inTime ? 'refund' : 'keep',
  });
}

/** The job: settles the payment as it is now (a pending one's Checkout ends; a paid one is refunded or kept). */
export async function settleSeasonWithdrawal(deps: PaidGameDeps, { paymentId, settlement }: SeasonWithdrawnJob) {
  const payment = await findPayment(deps.db, paymentId);
  if (payment) await settle(deps, payment, settlement, 'withdrawn');
}

/**
 * An organizer refunds one paid registration in full (what Stripe charged and is not refunded yet,
 * and the credit it spent), then the registration ends and the player is mailed. Parallel requests
 * queue on the payment's row lock: one refunds, the others are told it cannot be refunded.
 */
export async function refundSeasonRegistration(
  deps: PaidGameDeps,
  { actorId, seasonId, registrationId }: { actorId: string; seasonId: string; registrationId: string },
): Promise<{ payment: GamePayment }> {
  const { season, team, registration } = await managedRegistration(deps.db, { actorId, seasonId, registrationId });
  const payment = await findPaymentOfRegistration(deps.db, registrationId);
  // Unpaid, or given back as credit already (decision 035): nothing to refund here.
  if (!payment || payment.status === 'pending' || payment.creditedCents > 0) {
    throw new AppError('CONFLICT', notRefundableMessage);
  }
  const chargeLeft = payment.amountCents - payment.refundedCents;
  if (chargeLeft > 0) await refundPayment(deps, { paymentId: payment.id, reason: 'organizer' });
  const creditBack = await inTransaction(deps.db, async (tx) => {
    const locked = await lockPayment(tx, payment.id);
    if (!locked || !(await giveBackSpentCredit(tx, locked))) return 0;
    if (locked.amountCents === 0)
      await updatePayment(tx, locked.id, { status: 'refunded', refundedAt: deps.clock.now() });
    return locked.creditAppliedCents;
  });
  // Paid by credit alone, and a parallel request gave it back first.
  if (chargeLeft <= 0 && creditBack === 0) throw new AppError('CONFLICT', notRefundableMessage);
  await endRegistration(deps.db, registration.id);
  const amount = [chargeLeft > 0 && formatUsd(chargeLeft), creditBack > 0 && `${formatUsd(creditBack)} as credit`]
    .filter(Boolean)
    .join(' and ');
  try {
    await deps.mailer.send({
      to: payment.payerEmail || registration.email,
      ...registrationRefundedMail({
        name: registration.name,
        teamName: team.name,
        seasonLabel: season.label,
        link: `${deps.publicOrigin}/team/${season.teamId}`,
        amount,
      }),
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'season refund mail failed');
  }
  return { payment: toGamePayment((await findPayment(deps.db, payment.id))!) };
}

/** The paid registrations of a season, for its organizers' registrations list. */
export async function listSeasonRegistrationPayments(
  deps: Pick<PaidGameDeps, 'db'>,
  { actorId, seasonId }: { actorId: string; seasonId: string },
): Promise<{ payments: GamePayment[] }> {
  await managedSeasonOf(deps.db, { actorId, seasonId });
  return { payments: (await listSeasonPayments(deps.db, seasonId)).map(toGamePayment) };
}
