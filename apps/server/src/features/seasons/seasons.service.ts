import { randomUUID } from 'node:crypto';
import type { Season, SeasonBody } from '@huddle/shared/seasons';
import { instantToLocal, localToInstant } from '@huddle/shared/event-occurrences';
import {
  registrationAfterEndMessage,
  registrationClosedMessage,
  seasonEndsAt,
  seasonFullMessage,
} from '@huddle/shared/seasons';
import {
  guestsCannotPayMessage,
  paidSeasonNeedsCheckoutMessage,
  seasonFeeNeedsOwnerStripeMessage,
  seasonFeeNeedsStripeMessage,
} from '@huddle/shared/paid-games';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { writeSpreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import { createGuest, findUserRecordByEmail, getCurrentUser } from '../accounts/accounts.service.ts';
import { canTakeCharges } from '../paid-games/payees.service.ts';
import { managers, requireRole, visibleTeam } from '../teams/teams.service.ts';
import {
  countRegistrations,
  deleteGroupRow,
  deleteRegistrationRow,
  deleteSeasonRow,
  findRegistration,
  findSeason,
  findTeamOwnerId,
  groupBelongsToSeason,
  insertGroup,
  insertRegistrationWithinCapacity,
  insertSeason,
  insertSessions,
  isSeasonFull,
  listGroups,
  listRegistrationRows,
  listRegistrationsByEmail,
  listSeasonRows,
  listSessionRows,
  updateRegistrationRow,
  updateSeasonWithinCapacity,
  type RegistrationRow,
  type SeasonRow,
} from './seasons.repository.ts';
import { guestAlreadyRegisteredMail, guestRegisteredMail, guestRegistrationForAccountMail } from './seasons.mails.ts';

const seasonNotFound = () => new AppError('NOT_FOUND', 'Season not found');

export function isRegistrationOpen(season: SeasonRow, now: Date) {
  return season.status === 'published' && season.registrationOpensAt <= now && now < season.registrationClosesAt;
}

async function toSeasons(db: Database, rows: SeasonRow[], now = new Date()): Promise<Season[]> {
  const ids = rows.map((row) => row.id);
  const [groups, counts] = await Promise.all([listGroups(db, ids), countRegistrations(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    teamId: row.teamId,
    label: row.label,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    registrationOpensAt: row.registrationOpensAt.toISOString(),
    registrationClosesAt: row.registrationClosesAt.toISOString(),
    capacity: row.capacity,
    feeCents: row.feeCents,
    status: row.status as Season['status'],
    registrationOpen: isRegistrationOpen(row, now),
    registeredCount: counts.get(row.id) ?? 0,
    groups: groups.filter((group) => group.seasonId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

async function toSeason(db: Database, row: SeasonRow): Promise<Season> {
  const [season] = await toSeasons(db, [row]);
  return season as Season;
}

const seasonColumns = (season: SeasonBody) => ({
  label: season.label,
  startsOn: season.startsOn,
  endsOn: season.endsOn,
  registrationOpensAt: new Date(season.registrationOpensAt),
  registrationClosesAt: new Date(season.registrationClosesAt),
  capacity: season.capacity,
  feeCents: season.feeCents,
  status: season.status,
});

/** A season the viewer may see: its team is visible, and drafts only to organizers. */
export async function visibleSeason(db: Database, seasonId: string, viewerId: string | undefined) {
  const season = await findSeason(db, seasonId);
  if (!season) throw seasonNotFound();
  const { team, role } = await visibleTeam(db, season.teamId, viewerId).catch(() => {
    throw seasonNotFound();
  });
  const manages = role !== undefined && managers.includes(role);
  if (season.status === 'draft' && !manages) throw seasonNotFound();
  return { season, team, role, manages };
}

/**
 * A season the actor organizes. One they may not see (a draft, a private team's) is not found,
 * as when they read it, so a refused write does not tell them it exists; one they see is refused.
 */
async function managedSeason(db: Database, seasonId: string, actorId: string) {
  const { season, team, manages } = await visibleSeason(db, seasonId, actorId);
  if (!manages) throw new AppError('FORBIDDEN', 'Only the team’s organizers can do that.');
  return { season, team };
}

/**
 * What the service checks beyond the schema, every field at once: registration closes by the end
 * of the season's last day where the team plays (decision 024), and a fee is paid to the team's
 * owner, so it needs their account able to take charges (as a game's price needs its creator's,
 * decision 033); without it the fee could be set but never paid.
 */
async function checkSeason(
  db: Database,
  {
    season,
    teamId,
    timeZone,
    actorId,
  }: { season: SeasonBody; teamId: string; timeZone: string | null; actorId: string },
) {
  const fields: Record<string, string[]> = {};
  if (new Date(season.registrationClosesAt) > seasonEndsAt(season.endsOn, timeZone)) {
    fields.registrationClosesAt = [registrationAfterEndMessage];
  }
  if ((season.feeCents ?? 0) > 0) {
    const ownerId = await findTeamOwnerId(db, teamId);
    if (!ownerId || !(await canTakeCharges(db, ownerId))) {
      fields.feeCents = [ownerId === actorId ? seasonFeeNeedsStripeMessage : seasonFeeNeedsOwnerStripeMessage];
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', undefined, fields);
}

export async function createSeason(
  db: Database,
  { actorId, teamId, season }: { actorId: string; teamId: string; season: SeasonBody },
) {
  const { team } = await requireRole(db, teamId, actorId, managers);
  await checkSeason(db, { season, teamId, timeZone: team.timeZone, actorId });
  return toSeason(db, await insertSeason(db, { teamId, ...seasonColumns(season) }));
}

export async function listSeasons(
  db: Database,
  { viewerId, teamId }: { viewerId: string | undefined; teamId: string },
) {
  const { role } = await visibleTeam(db, teamId, viewerId);
  const manages = role !== undefined && managers.includes(role);
  const rows = (await listSeasonRows(db, teamId)).filter((row) => manages || row.status !== 'draft');
  return { seasons: await toSeasons(db, rows) };
}

export async function getSeason(
  db: Database,
  { viewerId, seasonId }: { viewerId: string | undefined; seasonId: string },
) {
  return toSeason(db, (await visibleSeason(db, seasonId, viewerId)).season);
}

export async function updateSeason(
  db: Database,
  { actorId, seasonId, season }: { actorId: string; seasonId: string; season: SeasonBody },
) {
  const { team } = await managedSeason(db, seasonId, actorId);
  await checkSeason(db, { season, teamId: team.id, timeZone: team.timeZone, actorId });
  const outcome = await updateSeasonWithinCapacity(db, seasonId, seasonColumns(season));
  if (outcome.kind === 'belowRegistered') {
    throw new AppError('VALIDATION_FAILED', undefined, {
      capacity: [`${outcome.registered} people have registered already; keep at least ${outcome.registered} places.`],
    });
  }
  return getSeason(db, { viewerId: actorId, seasonId });
}

export async function deleteSeason(db: Database, { actorId, seasonId }: { actorId: string; seasonId: string }) {
  await managedSeason(db, seasonId, actorId);
  await deleteSeasonRow(db, seasonId);
}

export async function createGroup(
  db: Database,
  { actorId, seasonId, name }: { actorId: string; seasonId: string; name: string },
) {
  await managedSeason(db, seasonId, actorId);
  await insertGroup(db, seasonId, name);
  return getSeason(db, { viewerId: actorId, seasonId });
}

export async function deleteGroup(
  db: Database,
  { actorId, seasonId, groupId }: { actorId: string; seasonId: string; groupId: string },
) {
  await managedSeason(db, seasonId, actorId);
  if (!(await deleteGroupRow(db, seasonId, groupId))) throw new AppError('NOT_FOUND', 'Group not found');
  return getSeason(db, { viewerId: actorId, seasonId });
}

const weekMs = 7 * 24 * 60 * 60 * 1000;
/** Two years of weekly sessions is more than any season needs. */
const maxSessionsPerSeries = 104;

/**
 * The starts of a session and its weekly repeats up to the "until" day. With the team's zone
 * they keep the wall-clock time across a daylight-saving change (7 PM stays 7 PM, issue 11);
 * a team made before teams had a zone repeats every 7 × 24 hours in the start's own offset.
 */
function weeklyStarts(first: Date, sent: string, untilDay: string | null, zone: string | null): Date[] {
  const starts: Date[] = [];
  if (zone) {
    const firstLocal = instantToLocal(first, zone);
    const until = untilDay ? localToInstant(`${untilDay}T23:59`, zone) : first;
    for (let week = 0; starts.length < maxSessionsPerSeries; week += 1) {
      const local = new Date(Date.parse(`${firstLocal}:00Z`) + week * weekMs).toISOString().slice(0, 16);
      const start = localToInstant(local, zone);
      if (start > until) break;
      starts.push(start);
    }
    return starts;
  }
  // "Until" is a calendar day where the sessions happen: read it in the start time's own offset.
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(sent)?.[1] ?? 'Z';
  const until = untilDay ? new Date(`${untilDay}T23:59:59.999${offset}`) : first;
  for (
    let start = first;
    start <= until && starts.length < maxSessionsPerSeries;
    start = new Date(start.getTime() + weekMs)
  ) {
    starts.push(start);
  }
  return starts;
}

export async function createSessions(
  db: Database,
  {
    actorId,
    seasonId,
    session,
  }: {
    actorId: string;
    seasonId: string;
    session: { title: string | null; startsAt: string; durationMinutes: number; repeatWeeklyUntil: string | null };
  },
) {
  const { team } = await managedSeason(db, seasonId, actorId);
  const starts = weeklyStarts(new Date(session.startsAt), session.startsAt, session.repeatWeeklyUntil, team.timeZone);
  const rows = starts.map((start) => ({
    seasonId,
    title: session.title || null,
    startsAt: start,
    endsAt: new Date(start.getTime() + session.durationMinutes * 60_000),
  }));
  const inserted = await insertSessions(db, rows);
  return { sessions: inserted.map(toSession) };
}

const toSession = (row: { id: string; seasonId: string; title: string | null; startsAt: Date; endsAt: Date }) => ({
  id: row.id,
  seasonId: row.seasonId,
  title: row.title,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

export async function listSessions(
  db: Database,
  { viewerId, seasonId }: { viewerId: string | undefined; seasonId: string },
) {
  await visibleSeason(db, seasonId, viewerId);
  return { sessions: (await listSessionRows(db, seasonId)).map(toSession) };
}

const toRegistration = (row: RegistrationRow) => ({
  id: row.id,
  seasonId: row.seasonId,
  teamId: row.teamId,
  userId: row.userId,
  name: row.name,
  email: row.email,
  status: row.status as 'pending' | 'approved',
  groupId: row.groupId,
  createdAt: row.createdAt.toISOString(),
});

/** What a registration needs beside the database: guest registrations are answered by mail. */
export type RegistrationDeps = NotifyDeps;

/** A signed-in player registers as themself; someone without an account as a guest. */
export async function register(
  deps: RegistrationDeps,
  {
    viewerId,
    seasonId,
    guest,
    now = new Date(),
  }: { viewerId: string | undefined; seasonId: string; guest: { name: string; email: string } | null; now?: Date },
) {
  const { db } = deps;
  const { season, team } = await visibleSeason(db, seasonId, viewerId);
  if (!isRegistrationOpen(season, now)) throw new AppError('CONFLICT', registrationClosedMessage);
  // A season with a fee is registered for through Checkout (paid-games feature, decision 033).
  if ((season.feeCents ?? 0) > 0) {
    throw new AppError('CONFLICT', viewerId ? paidSeasonNeedsCheckoutMessage : guestsCannotPayMessage);
  }
  // A signed-in player registers as themself, whatever the body says about a guest.
  if (!viewerId) {
    if (!guest) throw new AppError('UNAUTHENTICATED', 'Sign in, or give your name and email to register as a guest.');
    return registerAsGuest(deps, { season, teamName: team.name, guest, now });
  }
  const user = await getCurrentUser(db, viewerId);
  const outcome = await insertRegistrationWithinCapacity(db, {
    seasonId,
    teamId: season.teamId,
    userId: user.id,
    guestId: null,
    name: user.fullName || user.displayName,
    email: user.email,
  });
  if (outcome.kind === 'full') throw new AppError('CONFLICT', seasonFullMessage);
  if (outcome.kind === 'duplicate') throw new AppError('CONFLICT', 'This email is already registered for this season.');
  return toRegistration(outcome.row);
}

/**
 * A registration made by another feature inside its own transaction (a form's submission,
 * issue 14): the season's capacity and one-per-email hold as for `register`.
 */
export function registerWithinCapacity(
  tx: Database,
  registration: Pick<RegistrationRow, 'seasonId' | 'teamId' | 'userId' | 'guestId' | 'name' | 'email'>,
) {
  return insertRegistrationWithinCapacity(tx, registration);
}

/**
 * A guest registers with a name and an email (spec §3 Registration), and the answer must not
 * tell whether that email has an account, nor whether it is registered already (issue 10,
 * decision 007, as for guest joins in 010): every open season with a place answers 201 with a
 * registration built from the request, and what really happened goes by mail to the address.
 * An account's email gets no guest registration (its holder registers signed in); the holder
 * is mailed instead. A full season says so to everyone, the registered included: its count is
 * public, and answering a registered email otherwise would tell it apart.
 */
async function registerAsGuest(
  deps: RegistrationDeps,
  {
    season,
    teamName,
    guest,
    now,
  }: { season: SeasonRow; teamName: string; guest: { name: string; email: string }; now: Date },
) {
  const { db } = deps;
  const account = await findUserRecordByEmail(db, guest.email);
  // The registration made for a new guest; none for an account's email or one registered already.
  let row: RegistrationRow | undefined;
  if (account) {
    if (await isSeasonFull(db, season.id)) throw new AppError('CONFLICT', seasonFullMessage);
  } else {
    const guestRow = await createGuest(db, guest);
    const inserted = await insertRegistrationWithinCapacity(db, {
      seasonId: season.id,
      teamId: season.teamId,
      userId: null,
      guestId: guestRow.id,
      name: guest.name,
      email: guest.email,
    });
    if (inserted.kind === 'full' || (inserted.kind === 'duplicate' && inserted.full)) {
      throw new AppError('CONFLICT', seasonFullMessage);
    }
    if (inserted.kind === 'created') row = inserted.row;
  }

  const details = {
    teamName,
    seasonLabel: season.label,
    link: `${deps.publicOrigin}/team/${season.teamId}`,
  };
  const mail = account
    ? guestRegistrationForAccountMail({ ...details, name: account.name })
    : row
      ? guestRegisteredMail({ ...details, name: guest.name })
      : guestAlreadyRegisteredMail({ ...details, name: guest.name });
  try {
    await deps.mailer.send({ to: account?.email ?? guest.email, ...mail });
  } catch (error) {
    deps.log.error({ err: error, seasonId: season.id }, 'guest registration mail failed');
  }

  // The registration made, or the one a new guest would have got: same fields, a fresh id.
  return toRegistration(
    row ?? {
      id: randomUUID(),
      seasonId: season.id,
      teamId: season.teamId,
      userId: null,
      guestId: null,
      name: guest.name,
      email: guest.email,
      status: 'pending',
      groupId: null,
      createdAt: now,
    },
  );
}

export async function listRegistrations(db: Database, { actorId, seasonId }: { actorId: string; seasonId: string }) {
  await managedSeason(db, seasonId, actorId);
  return { registrations: (await listRegistrationRows(db, seasonId)).map(toRegistration) };
}

export async function updateRegistration(
  deps: RegistrationDeps,
  {
    actorId,
    seasonId,
    registrationId,
    changes,
  }: {
    actorId: string;
    seasonId: string;
    registrationId: string;
    changes: { status?: 'pending' | 'approved'; groupId?: string | null };
  },
) {
  const { db } = deps;
  const { season, team } = await managedSeason(db, seasonId, actorId);
  const existing = await findRegistration(db, seasonId, registrationId);
  if (!existing) throw new AppError('NOT_FOUND', 'Registration not found');
  if (changes.groupId && !(await groupBelongsToSeason(db, seasonId, changes.groupId))) {
    throw new AppError('VALIDATION_FAILED', undefined, { groupId: ['Choose a group of this season.'] });
  }
  // An empty body ({}) changes nothing: an UPDATE with no columns is an SQL error, not a no-op.
  if (changes.status === undefined && changes.groupId === undefined) return toRegistration(existing);
  const row = await updateRegistrationRow(db, registrationId, changes);
  if (existing.status !== 'approved' && changes.status === 'approved' && existing.userId) {
    await notify(deps, {
      userIds: [existing.userId],
      category: 'teamJoin',
      kind: 'registrationApproved',
      title: `Registration approved: ${season.label}`,
      body: `Your registration for the ${season.label} season of ${team.name} was approved.`,
      link: `/team/${existing.teamId}`,
      actorId,
      teamId: existing.teamId,
      subjectId: seasonId,
    });
  }
  return toRegistration(row as RegistrationRow);
}

/**
 * When a season starts, for its refund rule (decision 043): its first session, or the first day
 * where the team plays when it has no session yet.
 */
async function seasonStartsAt(db: Database, season: SeasonRow, timeZone: string | null): Promise<Date> {
  const [first] = await listSessionRows(db, season.id);
  return first?.startsAt ?? localToInstant(`${season.startsOn}T00:00`, timeZone ?? 'UTC');
}

/**
 * Organizers remove anyone; a player withdraws their own registration. `removed` is true for the
 * one request that deleted it (parallel ones find it gone and change nothing); `withdrawn` when it
 * was the player's own; `seasonStartsAt` decides what a paid one gets back (paid-games feature).
 */
export async function removeRegistration(
  db: Database,
  { actorId, seasonId, registrationId }: { actorId: string; seasonId: string; registrationId: string },
) {
  const { season, team, manages } = await visibleSeason(db, seasonId, actorId);
  const registration = await findRegistration(db, seasonId, registrationId);
  if (!registration) throw new AppError('NOT_FOUND', 'Registration not found');
  const withdrawn = registration.userId === actorId;
  if (!manages && !withdrawn) throw new AppError('FORBIDDEN', 'Only the team’s organizers can do that.');
  const removed = await deleteRegistrationRow(db, registrationId);
  return { removed, withdrawn, seasonStartsAt: await seasonStartsAt(db, season, team.timeZone) };
}

/** A registration of a season the actor organizes (others: 404 or 403, as for every organizer write). */
export async function managedRegistration(
  db: Database,
  { actorId, seasonId, registrationId }: { actorId: string; seasonId: string; registrationId: string },
) {
  const { season, team } = await managedSeason(db, seasonId, actorId);
  const registration = await findRegistration(db, seasonId, registrationId);
  if (!registration) throw new AppError('NOT_FOUND', 'Registration not found');
  return { season, team, registration };
}

/** Ends a registration its organizer refunded; false when it was gone already. */
export const endRegistration = (db: Database, registrationId: string) => deleteRegistrationRow(db, registrationId);

/** A season the actor organizes, for its payments list (paid-games feature). */
export async function managedSeasonOf(db: Database, { actorId, seasonId }: { actorId: string; seasonId: string }) {
  return (await managedSeason(db, seasonId, actorId)).season;
}

export async function exportRegistrationsCsv(
  db: Database,
  { actorId, seasonId }: { actorId: string; seasonId: string },
) {
  const { season } = await managedSeason(db, seasonId, actorId);
  const [rows, groups] = await Promise.all([listRegistrationRows(db, seasonId), listGroups(db, [seasonId])]);
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  const csv = writeSpreadsheetCsv(
    ['Name', 'Email', 'Status', 'Group', 'Account', 'Registered at'],
    rows.map((row) => [
      row.name,
      row.email,
      row.status,
      row.groupId ? (groupName.get(row.groupId) ?? '') : '',
      row.userId ? 'member' : 'guest',
      row.createdAt.toISOString(),
    ]),
  );
  return { filename: `${season.label.replace(/[^\w-]+/g, '-')}-registrations.csv`, csv };
}

export async function listMyRegistrations(db: Database, { actorId }: { actorId: string }) {
  const user = await getCurrentUser(db, actorId);
  // Anyone can sign up with any address: until it is verified, a guest's registrations under it
  // (which team, which season) are not this account's to read, only the account's own.
  const rows = await listRegistrationsByEmail(db, {
    email: user.email,
    onlyUserId: user.emailVerified ? null : user.id,
  });
  return {
    registrations: rows.map((row) => ({
      id: row.id,
      teamId: row.teamId,
      teamName: row.teamName,
      teamPhotoURL: row.teamPhotoUrl,
      seasonId: row.seasonId,
      seasonLabel: row.seasonLabel,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      status: row.status as 'pending' | 'approved',
    })),
  };
}
