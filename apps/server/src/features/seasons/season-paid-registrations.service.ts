import { registrationClosedMessage, seasonFullMessage } from '@huddle/shared/seasons';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCurrentUser } from '../accounts/accounts.service.ts';
import {
  deleteRegistrationRow,
  findRegistration,
  findRegistrationOf,
  findTeamOwnerId,
  insertRegistrationWithinCapacity,
  updateRegistrationRow,
  type RegistrationRow,
  type SeasonRow,
} from './seasons.repository.ts';
import { isRegistrationOpen, visibleSeason } from './seasons.service.ts';

/**
 * Paid seasons (issue 13, decision 033), for the paid-games feature: registering for a season
 * with a fee makes a pending registration that holds a place (it counts against the capacity)
 * while its Checkout is open; the payment approves it, an unpaid Checkout removes it.
 */

export type { RegistrationRow, SeasonRow };

/** A season open for registration and the person paid for it: the team's owner. */
export async function seasonForPayment(
  db: Database,
  { seasonId, actorId, now }: { seasonId: string; actorId: string; now: Date },
) {
  const { season, team } = await visibleSeason(db, seasonId, actorId);
  if (!isRegistrationOpen(season, now)) throw new AppError('CONFLICT', registrationClosedMessage);
  const ownerId = await findTeamOwnerId(db, season.teamId);
  if (!ownerId) throw new AppError('NOT_FOUND', 'Season not found');
  return { season, teamName: team.name, ownerId };
}

export type PaidRegistrationOutcome<T> =
  | { kind: 'held'; value: T }
  /** Already registered: its registration, which a pending payment may still hold. */
  | { kind: 'already'; registration: RegistrationRow };

/** Registers the player within the capacity; `record` writes the payment in the same transaction. */
export async function holdPaidRegistration<T>(
  db: Database,
  { season, actorId }: { season: SeasonRow; actorId: string },
  record: (tx: Database, registration: RegistrationRow) => Promise<T>,
): Promise<PaidRegistrationOutcome<T>> {
  const user = await getCurrentUser(db, actorId);
  let value: T | undefined;
  const outcome = await insertRegistrationWithinCapacity(
    db,
    {
      seasonId: season.id,
      teamId: season.teamId,
      userId: user.id,
      guestId: null,
      name: user.fullName || user.displayName,
      email: user.email,
    },
    async (tx, row) => {
      value = await record(tx, row);
    },
  );
  if (outcome.kind === 'full') throw new AppError('CONFLICT', seasonFullMessage);
  if (outcome.kind === 'duplicate') {
    const registration = await findRegistrationOf(db, season.id, actorId);
    if (!registration) throw new AppError('CONFLICT', 'This email is already registered for this season.');
    return { kind: 'already', registration };
  }
  return { kind: 'held', value: value as T };
}

/** The payment was confirmed (the webhook's transaction): the registration is approved. */
export async function confirmPaidRegistration(
  tx: Database,
  { seasonId, registrationId }: { seasonId: string; registrationId: string },
) {
  if (await findRegistration(tx, seasonId, registrationId)) {
    await updateRegistrationRow(tx, registrationId, { status: 'approved' });
  }
}

/** The Checkout ended unpaid: the pending registration goes, and its place with it. */
export async function releasePaidRegistration(
  tx: Database,
  { seasonId, registrationId }: { seasonId: string; registrationId: string },
) {
  const registration = await findRegistration(tx, seasonId, registrationId);
  if (registration?.status === 'pending') await deleteRegistrationRow(tx, registrationId);
}

/**
 * A form's submission that made this registration was withdrawn or deleted (decision 044): the
 * registration ends too, approved or pending, and its place with it.
 */
export async function endFormRegistration(tx: Database, registrationId: string) {
  await deleteRegistrationRow(tx, registrationId);
}

/** Whether the registration a payment holds is still there (its organizer may have removed it). */
export async function isRegistrationHeld(
  tx: Database,
  { seasonId, registrationId }: { seasonId: string; registrationId: string },
) {
  return (await findRegistration(tx, seasonId, registrationId)) !== undefined;
}
