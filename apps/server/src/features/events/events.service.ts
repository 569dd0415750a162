import type { EventGender } from '@huddle/shared/genders';
import type { FieldErrors } from '@huddle/shared/errors';
import { priceNeedsStripeMessage } from '@huddle/shared/paid-games';
import {
  findOccurrenceAt,
  instantToLocal,
  listOccurrences,
  localToInstant,
  nextOccurrence,
  seriesEnd,
  upcomingOccurrences,
  type Occurrence,
} from '@huddle/shared/event-occurrences';
import {
  eventCancelledMessage,
  slotsBelowTakenMessage,
  type eventBody,
  type EventSummary,
  type EventView,
  type Party,
  type PartyStatus,
  type SkillLevel,
  type ViewerStatus,
} from '@huddle/shared/events';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type { TeamRole } from '@huddle/shared/teams';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { creditBalance } from '../credits/credits.service.ts';
import { canTakeCharges, moveGamePayments } from '../paid-games/payees.service.ts';
import { findUserRecord } from '../accounts/accounts.service.ts';
import { assertKnownGameTypes } from '../game-types/game-types.service.ts';
import { usersWhoBlocked } from '../profiles/profiles.service.ts';
import { managers, visibleTeam } from '../teams/teams.service.ts';
import { announceEventChange } from './discover-cache.ts';
import { listCancelledOccurrences } from './event-organizer.repository.ts';
import { notifyEventChanged } from './event-notices.service.ts';
import { occurrenceAt, scheduleOf } from './event-schedule.ts';
import {
  deleteFavorite,
  deleteOccurrenceParties,
  favoriteState,
  findEvent,
  findEventListRow,
  findPlaceRow,
  findViewerStandings,
  inTransaction,
  insertEvent,
  insertFavorite,
  listOccurrencesWithParties,
  listPartiesFrom,
  listPartiesWithPeople,
  lockEvent,
  moveOccurrenceParties,
  sumJoinedPeople,
  updateEventRow,
  type EventListRow,
  type EventRow,
  type NewEvent,
  type PartyRow,
  type PartyWithPerson,
  type ViewerStanding,
} from './events.repository.ts';
import {
  heldSlots,
  isPaidGame,
  paidGameCancelledJob,
  runWaitlist,
  sendSpotsEndedMail,
  sendWaitlistMail,
  settleOccurrence,
  type EventDeps,
  type WaitlistNotice,
} from './waitlist.service.ts';

/** The body as the route hands it over: zod has applied the defaults. */
export type EventInput = z.output<typeof eventBody>;

export const eventNotFound = () => new AppError('NOT_FOUND', 'Event not found');
const notAllowed = () => new AppError('FORBIDDEN', 'Only the organizers of this event can do that.');
const notThen = (field: string) =>
  new AppError('VALIDATION_FAILED', undefined, { [field]: ['This event does not happen then.'] });

// ---- Replies -------------------------------------------------------------------------------

/**
 * A private team does not exist for outsiders (decision 007), so a public event of one does not
 * name it unless the viewer may see the team. Only its members see its team-only events.
 */
function shownTeam({ team, event }: EventListRow, viewerSeesTeam: boolean): EventSummary['team'] {
  if (!team || (team.visibility !== 'public' && event.visibility !== 'team' && !viewerSeesTeam)) return null;
  return { id: team.id, name: team.name, kind: team.kind };
}

/**
 * Every list and view maps events here (spec §3 Event: cancelled, inPast, next date).
 * viewerSeesTeam: the caller knows the viewer may see the events' teams (a member, an organizer).
 */
export async function toSummaries(
  db: Database,
  rows: EventListRow[],
  now: Date,
  {
    viewerSeesTeam = false,
    viewerId,
    statusAt,
  }: {
    viewerSeesTeam?: boolean;
    /** The signed-in viewer, whose own status each summary carries (viewerStatus). */
    viewerId?: string;
    /** The occurrence the viewer's status is about (the event view's date); the next one by default. */
    statusAt?: Date;
  } = {},
): Promise<EventSummary[]> {
  // A date of a series called off on its own is not the date a list shows (issue 11).
  const cancelledDates = await listCancelledOccurrences(
    db,
    rows.filter((row) => row.event.repeatWeekdays !== null).map((row) => row.event.id),
  );
  const nexts = rows.map((row) => nextOccurrence(scheduleOf(row.event), now, cancelledDates.get(row.event.id) ?? []));
  // Lists read the people joined with their rows; other rows are counted here.
  const [joined, statuses] = await Promise.all([
    sumJoinedPeople(
      db,
      rows.flatMap((row, index) => {
        const next = nexts[index];
        return next && row.joinedPeople === undefined ? [{ eventId: row.event.id, startsAt: next.startsAt }] : [];
      }),
    ),
    viewerStatuses(
      db,
      viewerId,
      rows.map((row, index) => ({ row, startsAt: statusAt ?? nexts[index]?.startsAt ?? null })),
      // A list row shows one date; a viewer going on a later one of the series still sees it.
      statusAt ? undefined : now,
    ),
  ]);
  const joinedCount = (row: EventListRow, next: Occurrence | null) =>
    row.joinedPeople === undefined
      ? (joined.get(row.event.id) ?? 0)
      : (row.joinedPeople?.find(([startsAt]) => startsAt === next?.startsAt.getTime())?.[1] ?? 0);
  return rows.map((row, index) => {
    const { event, place, distanceKm } = row;
    const next = nexts[index] ?? null;
    return {
      id: event.id,
      title: event.title,
      gameType: event.gameType,
      timeZone: event.timeZone,
      startLocal: instantToLocal(event.startsAt, event.timeZone),
      endLocal: instantToLocal(event.endsAt, event.timeZone),
      repeat: event.repeatWeekdays
        ? { weekdays: event.repeatWeekdays, until: event.repeatUntil, count: event.repeatCount }
        : null,
      next: next && { startsAt: next.startsAt.toISOString(), endsAt: next.endsAt.toISOString() },
      place,
      team: shownTeam(row, viewerSeesTeam),
      slots: event.slots,
      joinedCount: joinedCount(row, next),
      skillLevel: event.skillLevel as SkillLevel,
      gender: event.gender as EventGender,
      visibility: event.visibility as EventSummary['visibility'],
      priceCents: event.priceCents,
      cancelled: event.cancelledAt !== null,
      inPast: next === null,
      creatorId: event.creatorId,
      distanceKm,
      viewerStatus: statuses.get(event.id) ?? null,
    };
  });
}

/**
 * A list page read for nobody (a shared discover page, decision 073) with the viewer's own status
 * put in, read now: the same rule as toSummaries' for a list (each row's shown date, or a later
 * one of the series), one query for the page. The page itself is left as it was.
 */
export async function withViewerStatuses(
  db: Database,
  viewerId: string,
  summaries: readonly EventSummary[],
  now: Date,
): Promise<EventSummary[]> {
  if (summaries.length === 0) return [];
  const standings = await findViewerStandings(db, {
    viewerId,
    occurrences: summaries.map((summary) => ({
      eventId: summary.id,
      startsAt: summary.next ? new Date(summary.next.startsAt) : null,
    })),
    managerRoles: managers,
    laterFrom: now,
  });
  const statuses = statusesOf(
    standings,
    viewerId,
    new Map(
      summaries.map((summary) => [
        summary.id,
        { creatorId: summary.creatorId, shownAt: summary.next ? Date.parse(summary.next.startsAt) : null },
      ]),
    ),
  );
  return summaries.map((summary) => ({ ...summary, viewerStatus: statuses.get(summary.id) ?? null }));
}

/** The viewer's status on each row's occurrence: one query for the whole list (never one per row). */
async function viewerStatuses(
  db: Database,
  viewerId: string | undefined,
  wanted: { row: EventListRow; startsAt: Date | null }[],
  laterFrom?: Date,
): Promise<Map<string, ViewerStatus>> {
  const statuses = new Map<string, ViewerStatus>();
  if (!viewerId || wanted.length === 0) return statuses;
  const standings = await findViewerStandings(db, {
    viewerId,
    occurrences: wanted.map(({ row, startsAt }) => ({ eventId: row.event.id, startsAt })),
    managerRoles: managers,
    ...(laterFrom && { laterFrom }),
  });
  return statusesOf(
    standings,
    viewerId,
    new Map(
      wanted.map(({ row, startsAt }) => [
        row.event.id,
        { creatorId: row.event.creatorId, shownAt: startsAt?.getTime() ?? null },
      ]),
    ),
  );
}

/** Each row's status from the viewer's standings; `rows` by event id: its creator and the date it shows. */
function statusesOf(
  standings: ViewerStanding[],
  viewerId: string,
  rows: Map<string, { creatorId: string; shownAt: number | null }>,
): Map<string, ViewerStatus> {
  const statuses = new Map<string, ViewerStatus>();
  for (const standing of standings) {
    const row = rows.get(standing.eventId);
    const status = toViewerStatus(standing, row?.creatorId === viewerId);
    const on = standing.occurrenceStartsAt;
    // A status on another date than the row shows names that date.
    statuses.set(
      standing.eventId,
      status && on && on.getTime() !== (row?.shownAt ?? null) ? { ...status, on: on.toISOString() } : status,
    );
  }
  return statuses;
}

function toViewerStatus(standing: ViewerStanding, created: boolean): ViewerStatus {
  switch (standing.status) {
    case 'joined':
      return { kind: 'going' };
    case 'waitlisted':
      return { kind: 'waitlist', ...(standing.waitlistPosition && { waitlistPosition: standing.waitlistPosition }) };
    case 'offered':
      return {
        kind: 'offer',
        ...(standing.offerExpiresAt && { offerExpiresAt: standing.offerExpiresAt.toISOString() }),
      };
    default:
      return created || standing.managesTeam ? { kind: 'organizer' } : null;
  }
}

async function summaryOf(
  db: Database,
  eventId: string,
  now: Date,
  options: { viewerSeesTeam: boolean; viewerId: string | undefined; statusAt?: Date },
): Promise<EventSummary> {
  const row = await findEventListRow(db, eventId);
  if (!row) throw eventNotFound();
  const [summary] = await toSummaries(db, [row], now, options);
  return summary as EventSummary;
}

/** Guests show with their name and the default photo (spec §3 joiners: isUnregisteredUser). */
export function toParty({ party, userName, userImage, guestName }: PartyWithPerson): Party {
  const isGuest = party.guestId !== null;
  return {
    id: party.id,
    userId: party.userId,
    isUnregisteredUser: isGuest,
    displayName: (isGuest ? guestName : userName)?.trim() || displayNameFallback,
    photoURL: (!isGuest && userImage) || defaultPhotoPath,
    partySize: party.partySize,
    status: party.status as PartyStatus,
    position: party.position,
    offerExpiresAt: party.offerExpiresAt?.toISOString() ?? null,
    checkedIn: party.checkedInAt !== null,
  };
}

const occurrenceReply = (occurrence: Occurrence) => ({
  startsAt: occurrence.startsAt.toISOString(),
  endsAt: occurrence.endsAt.toISOString(),
});

// ---- Who may see and manage ----------------------------------------------------------------

/** The viewer's role in a team, or undefined (a private team hides itself from outsiders). */
async function teamRoleOf(db: Database, teamId: string, viewerId: string | undefined) {
  if (!viewerId) return undefined;
  try {
    return (await visibleTeam(db, teamId, viewerId)).role as TeamRole | undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * A team-only event does not exist for anyone outside the team (404). Its creator and the
 * team's owner and organizers manage it.
 */
export async function visibleEvent(db: Database, eventId: string, viewerId: string | undefined) {
  const event = await findEvent(db, eventId);
  if (!event) throw eventNotFound();
  const role = event.teamId ? await teamRoleOf(db, event.teamId, viewerId) : undefined;
  if (event.visibility === 'team' && !role) throw eventNotFound();
  const canManage =
    viewerId !== undefined && (event.creatorId === viewerId || (role !== undefined && managers.includes(role)));
  return { event, canManage, inTeam: role !== undefined };
}

export async function managedEvent(db: Database, eventId: string, actorId: string): Promise<EventRow> {
  const { event, canManage } = await visibleEvent(db, eventId, actorId);
  if (!canManage) throw notAllowed();
  return event;
}

// ---- Create, edit, cancel ------------------------------------------------------------------

/**
 * The checks zod cannot make: the place and game type exist, the team is one the actor
 * organizes, the times exist on the zone's clock, and a new start is not in the past.
 * All failures come back together, each beside its field.
 */
async function checkEventInput(
  db: Database,
  { actorId, input, now, previous }: { actorId: string; input: EventInput; now: Date; previous?: EventRow },
) {
  const fields: FieldErrors = {};
  const place = await findPlaceRow(db, input.placeId);
  if (!place) fields.placeId = ['Choose a place from the list.'];
  try {
    await assertKnownGameTypes(db, [input.gameType], 'gameType');
  } catch (error) {
    if (!(error instanceof AppError && error.fields)) throw error;
    Object.assign(fields, error.fields);
  }
  if (input.teamId && input.teamId !== previous?.teamId) {
    const role = await teamRoleOf(db, input.teamId, actorId);
    if (!role || !managers.includes(role)) fields.teamId = ['Choose a team you organize.'];
  }
  for (const field of ['startLocal', 'endLocal'] as const) {
    // A wall-clock time skipped when the clocks spring forward would silently move by an hour.
    if (instantToLocal(localToInstant(input[field], input.timeZone), input.timeZone) !== input[field]) {
      fields[field] = ['This time does not exist in the time zone: the clocks change then.'];
    }
  }
  // A price is paid to the creator's connected account (decision 033): none yet, no price.
  if ((input.priceCents ?? 0) > 0 && !(await canTakeCharges(db, previous?.creatorId ?? actorId))) {
    fields.priceCents = [priceNeedsStripeMessage];
  }
  const startsAt = localToInstant(input.startLocal, input.timeZone);
  const startMoved = !previous || previous.startsAt.getTime() !== startsAt.getTime();
  if (startMoved && startsAt < now) fields.startLocal ??= ['The start must be in the future.'];
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', undefined, fields);
  return place as NonNullable<typeof place>;
}

function eventColumns(
  input: EventInput,
  place: { id: string; lat: number; lng: number; geohash: string },
): Omit<NewEvent, 'creatorId'> {
  const repeat = input.repeat && {
    weekdays: [...new Set(input.repeat.weekdays)].sort((a, b) => a - b),
    until: input.repeat.until,
    count: input.repeat.count,
  };
  const schedule = { timeZone: input.timeZone, startLocal: input.startLocal, endLocal: input.endLocal, repeat };
  return {
    title: input.title,
    gameType: input.gameType,
    description: input.description || null,
    timeZone: input.timeZone,
    startsAt: localToInstant(input.startLocal, input.timeZone),
    endsAt: localToInstant(input.endLocal, input.timeZone),
    repeatWeekdays: repeat?.weekdays ?? null,
    repeatUntil: repeat?.until ?? null,
    repeatCount: repeat?.count ?? null,
    seriesEndsAt: seriesEnd(schedule),
    placeId: place.id,
    lat: place.lat,
    lng: place.lng,
    geohash: place.geohash,
    teamId: input.teamId,
    slots: input.slots,
    skillLevel: input.skillLevel,
    gender: input.gender,
    visibility: input.visibility,
    priceCents: input.priceCents,
    refundDeadlineHours: input.refundDeadlineHours,
    refundAfterDeadline: input.refundAfterDeadline,
    autoPromote: input.autoPromote,
    maxGuestFriends: input.maxGuestFriends,
  };
}

export async function createEvent(deps: EventDeps, { actorId, input }: { actorId: string; input: EventInput }) {
  const now = deps.clock.now();
  const place = await checkEventInput(deps.db, { actorId, input, now });
  const row = await insertEvent(deps.db, { ...eventColumns(input, place), creatorId: actorId });
  announceEventChange(deps.realtime, row.id, { listedAnew: true });
  // The creator organizes the team they chose.
  return summaryOf(deps.db, row.id, now, { viewerSeesTeam: true, viewerId: actorId });
}

type UpdateOutcome =
  | { kind: 'gone' }
  | { kind: 'slotsTooLow'; joined: number; paying: number }
  | { kind: 'updated'; notices: WaitlistNotice[]; removed: PartyRow[]; droppedDates: Date[]; paid: boolean };

/**
 * What of an edit the players must hear about: when and where they play (a title or a description
 * is no news; dates taken off a series are told by the spots-ended notice to their people).
 */
function changedForPlayers(before: EventRow, after: ReturnType<typeof eventColumns>): string | undefined {
  const time =
    before.startsAt.getTime() !== after.startsAt?.getTime() ||
    before.endsAt.getTime() !== after.endsAt?.getTime() ||
    before.timeZone !== after.timeZone;
  const place = before.placeId !== after.placeId;
  if (time && place) return 'time and place';
  if (time) return 'time';
  if (place) return 'place';
  return undefined;
}

/** The spots a date has taken: people joined, and people paying for a held spot. */
const taken = (occurrence: { joinedPeople: number; payingPeople: number }) =>
  occurrence.joinedPeople + occurrence.payingPeople;

/** How far back an occurrence may have started and still not be over: games are shorter than this. */
const longestGameMs = 2 * 24 * 60 * 60 * 1000;

export async function updateEvent(
  deps: EventDeps,
  { actorId, eventId, input }: { actorId: string; eventId: string; input: EventInput },
) {
  const { db } = deps;
  const now = deps.clock.now();
  const event = await managedEvent(db, eventId, actorId);
  if (event.cancelledAt) throw new AppError('CONFLICT', eventCancelledMessage);
  const place = await checkEventInput(db, { actorId, input, now, previous: event });
  const columns = eventColumns(input, place);

  const outcome = await inTransaction(db, async (tx): Promise<UpdateOutcome> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    // Under the lock, so nobody joins between the count and the change.
    const live = (await listOccurrencesWithParties(tx, eventId, new Date(now.getTime() - longestGameMs))).filter(
      (occurrence) => occurrenceAt(locked, occurrence.occurrenceStartsAt).endsAt > now,
    );
    // Spots held by open Checkouts count as taken (decision 059): their payment may complete at
    // any moment, and its webhook waits on this lock to make the spot a joined one.
    const fullest = live.reduce<(typeof live)[number] | undefined>(
      (most, occurrence) => (!most || taken(occurrence) > taken(most) ? occurrence : most),
      undefined,
    );
    if (fullest && input.slots < taken(fullest)) {
      return { kind: 'slotsTooLow', joined: fullest.joinedPeople, paying: fullest.payingPeople };
    }

    // Parties on occurrences the new schedule no longer has: a one-off game that moves takes
    // its people along; dates dropped from a series lose theirs.
    const updated: EventRow = { ...locked, ...columns };
    const newStarts = listOccurrences(scheduleOf(updated)).map((occurrence) => occurrence.startsAt);
    const kept = new Set(newStarts.map((start) => start.getTime()));
    const dropped = live.filter((occurrence) => !kept.has(occurrence.occurrenceStartsAt.getTime()));
    const remaining = live.filter((occurrence) => kept.has(occurrence.occurrenceStartsAt.getTime()));
    const [moved] = dropped;
    let removed: PartyRow[] = [];
    let droppedDates: Date[] = [];
    if (!locked.repeatWeekdays && !updated.repeatWeekdays && moved && newStarts[0]) {
      await moveOccurrenceParties(tx, eventId, moved.occurrenceStartsAt, newStarts[0]);
      await moveGamePayments(tx, eventId, moved.occurrenceStartsAt, newStarts[0]);
      remaining.push({ ...moved, occurrenceStartsAt: newStarts[0] });
    } else {
      droppedDates = dropped.map((occurrence) => occurrence.occurrenceStartsAt);
      removed = await deleteOccurrenceParties(tx, eventId, droppedDates);
    }
    await updateEventRow(tx, eventId, { ...columns, updatedAt: now });

    // More spots, or auto-promote switched on: the waitlists move now. Fewer spots: offers that
    // no longer fit beside the joined people are withdrawn now, under this lock (issue 10).
    const notices: WaitlistNotice[] = [];
    for (const occurrence of remaining) {
      if (occurrence.waiting === 0 && occurrence.offered === 0) continue;
      notices.push(...(await runWaitlist(tx, updated, occurrenceAt(updated, occurrence.occurrenceStartsAt), now)));
    }
    // Priced before or after the edit: a price taken off does not take the payments with it.
    return { kind: 'updated', notices, removed, droppedDates, paid: isPaidGame(locked) || isPaidGame(updated) };
  });
  announceEventChange(deps.realtime, eventId, { listedAnew: true });
  if (outcome.kind === 'gone') throw eventNotFound();
  if (outcome.kind === 'slotsTooLow') {
    throw new AppError('VALIDATION_FAILED', undefined, {
      slots: [slotsBelowTakenMessage(outcome)],
    });
  }
  // A date taken off the series is cancelled for those who paid for it: refunded in full, by the
  // job that refunds a cancelled date (decision 039), so never more than paid, once under retries.
  if (outcome.paid) {
    for (const date of outcome.droppedDates) {
      await deps.jobs.send(paidGameCancelledJob, { eventId, occurrenceStartsAt: date.toISOString() });
    }
  }
  await sendWaitlistMail(deps, outcome.notices);
  await sendSpotsEndedMail(deps, { ...columns, id: eventId }, outcome.removed, 'datesRemoved');
  const what = changedForPlayers(event, columns);
  if (what) await notifyEventChanged(deps, { event: { ...event, ...columns }, actorId, what });
  return summaryOf(db, eventId, now, { viewerSeesTeam: true, viewerId: actorId });
}

/**
 * The event stays, marked cancelled: its page still opens and says so; lists leave it out
 * (spec §4). Everyone with a spot or a waitlist place on a date still to come is mailed once.
 */
export async function cancelEvent(deps: EventDeps, { actorId, eventId }: { actorId: string; eventId: string }) {
  const now = deps.clock.now();
  await managedEvent(deps.db, eventId, actorId);
  const told = await inTransaction(deps.db, async (tx) => {
    const locked = await lockEvent(tx, eventId);
    // Cancelling twice tells nobody twice.
    if (!locked || locked.cancelledAt) return undefined;
    await updateEventRow(tx, eventId, { cancelledAt: now, updatedAt: now });
    return { event: locked, parties: await listPartiesFrom(tx, eventId, now) };
  });
  if (told) announceEventChange(deps.realtime, eventId);
  if (told) await sendSpotsEndedMail(deps, told.event, told.parties, 'cancelled');
  // Everyone who paid for a date not yet over is refunded (decision 033).
  if (told && isPaidGame(told.event)) {
    await deps.jobs.send(paidGameCancelledJob, { eventId, occurrenceStartsAt: null, from: now.toISOString() });
  }
  return summaryOf(deps.db, eventId, now, { viewerSeesTeam: true, viewerId: actorId });
}

// ---- The event view ------------------------------------------------------------------------

const upcomingShown = 8;

/** Spec §3 event view data: the event, creator, joiners, favoriteUserCount, rsvpSlots. */
export async function getEvent(
  deps: EventDeps,
  {
    viewerId,
    eventId,
    occurrence,
    readDb = deps.db,
  }: {
    viewerId: string | undefined;
    eventId: string;
    occurrence?: string;
    /** What the page is read from: a visitor's may come from the replica (decision 066); writes go to deps.db. */
    readDb?: Database;
  },
): Promise<EventView> {
  let db = readDb;
  const now = deps.clock.now();
  const { event, canManage, inTeam } = await visibleEvent(db, eventId, viewerId);
  const schedule = scheduleOf(event);
  let current: Occurrence | undefined;
  if (occurrence) {
    current = findOccurrenceAt(schedule, new Date(occurrence));
    if (!current) throw notThen('occurrence');
  } else {
    // The next one; a past event shows its last.
    current = nextOccurrence(schedule, now) ?? listOccurrences(schedule).at(-1);
  }
  if (!current) throw eventNotFound();
  const occurrenceStartsAt = current.startsAt;
  const readPage = (from: Database) =>
    Promise.all([
      listPartiesWithPeople(from, eventId, occurrenceStartsAt),
      favoriteState(from, eventId, viewerId),
      findUserRecord(from, event.creatorId),
      canManage ? new Set<string>() : usersWhoBlocked(from, viewerId),
      summaryOf(from, eventId, now, { viewerSeesTeam: canManage || inTeam, viewerId, statusAt: occurrenceStartsAt }),
      listCancelledOccurrences(from, [eventId]),
    ]);
  let page = await readPage(db);
  // An offer whose claim window has passed is settled first (the next in line gets it), and the
  // page read again: seen in the parties just read, so the usual view costs no separate check.
  if (page[0].some(({ party }) => party.status === 'offered' && party.offerExpiresAt && party.offerExpiresAt <= now)) {
    await settleOccurrence(deps, eventId, occurrenceStartsAt);
    // Settled on the primary; the replica may not show it yet, so the rest is read where it happened.
    db = deps.db;
    page = await readPage(db);
  }
  const [parties, favorites, creator, hiddenFrom, summary, cancelledByEvent] = page;
  const cancelledDates = cancelledByEvent.get(eventId) ?? [];
  // The game is paid to its creator, so that is whose credit the viewer spends on it.
  const viewerCreditCents =
    viewerId && isPaidGame(event)
      ? await creditBalance(db, { payerUserId: viewerId, payeeUserId: event.creatorId })
      : 0;
  // People who blocked the viewer are left out of what the viewer sees; organizers see everyone.
  const shown = parties.filter((row) => !row.party.userId || !hiddenFrom.has(row.party.userId));
  const mine = viewerId ? parties.find((row) => row.party.userId === viewerId) : undefined;
  const byStatus = (status: string) => shown.filter((row) => row.party.status === status);
  return {
    event: {
      ...summary,
      description: event.description,
      autoPromote: event.autoPromote,
      maxGuestFriends: event.maxGuestFriends,
      refundPolicy: { deadlineHours: event.refundDeadlineHours, afterDeadline: event.refundAfterDeadline },
      viewerCreditCents,
    },
    creator: {
      id: event.creatorId,
      displayName: creator?.name.trim() || displayNameFallback,
      photoURL: creator?.image || defaultPhotoPath,
    },
    occurrence: occurrenceReply(current),
    upcoming: upcomingOccurrences(schedule, now, upcomingShown).map(occurrenceReply),
    occurrenceCancelled: cancelledDates.some((date) => date.getTime() === current.startsAt.getTime()),
    cancelledDates: cancelledDates.map((date) => date.toISOString()),
    joiners: byStatus('joined')
      .sort((a, b) => a.party.createdAt.getTime() - b.party.createdAt.getTime())
      .map(toParty),
    // Offers first (they are the head of the line), then the waiting parties in order.
    waitlist: [...byStatus('offered'), ...byStatus('waitlisted')].map(toParty),
    favoriteUserCount: favorites.favoriteUserCount,
    isFavorite: favorites.isFavorite,
    rsvpSlots: Math.max(0, event.slots - heldSlots(parties.map((row) => row.party))),
    myParty: mine ? toParty(mine) : null,
    canManage,
  };
}

// ---- Favourites ----------------------------------------------------------------------------

export async function setFavorite(
  db: Database,
  { actorId, eventId, favorite }: { actorId: string; eventId: string; favorite: boolean },
) {
  await visibleEvent(db, eventId, actorId);
  await (favorite ? insertFavorite : deleteFavorite)(db, eventId, actorId);
  return favoriteState(db, eventId, actorId);
}
