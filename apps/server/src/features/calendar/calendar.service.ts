import { randomBytes } from 'node:crypto';
import { calendarFeedPath, type CalendarFeed } from '@huddle/shared/calendar';
import { findOccurrenceAt, instantToLocal } from '@huddle/shared/event-occurrences';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { cancelledDatesOf } from '../events/event-organizer.service.ts';
import { visibleTeam } from '../teams/teams.service.ts';
import { fileSlug, scheduleOf, writeCalendar, type CalendarEntry } from './calendar-file.ts';
import {
  findCalendarEvent,
  findLiveFeedByToken,
  insertFeed,
  isTeamMember,
  listCreatedEvents,
  listLiveFeeds,
  listPartiesOfUser,
  listTeamEvents,
  revokeFeedRow,
  type FeedRow,
} from './calendar.repository.ts';

/** Where the feed URLs point: the address people use to reach Huddle (config PUBLIC_ORIGIN). */
export interface CalendarSite {
  origin: string;
}

export interface CalendarFile {
  filename: string;
  ics: string;
}

/**
 * Feeds carry events whose series ended up to this long ago: old games stay in the calendar
 * for a year, and a feed never grows without bound.
 */
const feedHistoryMs = 366 * 24 * 60 * 60 * 1000;
/** How often calendar apps are asked to fetch a feed again. */
const feedRefreshHours = 1;

const feedNotFound = () => new AppError('NOT_FOUND', 'Calendar feed not found');
const eventNotFound = () => new AppError('NOT_FOUND', 'Event not found');

function toFeed(site: CalendarSite, feed: FeedRow, teamName: string | null): CalendarFeed {
  return {
    id: feed.id,
    teamId: feed.teamId,
    teamName: feed.teamId ? teamName : null,
    url: `${site.origin}${calendarFeedPath(feed.token)}`,
    createdAt: feed.createdAt.toISOString(),
  };
}

export async function listFeeds(db: Database, site: CalendarSite, { actorId }: { actorId: string }) {
  const rows = await listLiveFeeds(db, actorId);
  return { feeds: rows.map((row) => toFeed(site, row.feed, row.teamName)) };
}

/**
 * A new private feed URL. The token is the only credential a calendar app sends: 32 random
 * bytes (256 bits), URL-safe, revocable. A team feed is for members only.
 */
export async function createFeed(
  db: Database,
  site: CalendarSite,
  { actorId, teamId }: { actorId: string; teamId: string | null },
): Promise<CalendarFeed> {
  let teamName: string | null = null;
  if (teamId) {
    const { team, role } = await visibleTeam(db, teamId, actorId);
    if (!role) throw new AppError('FORBIDDEN', 'Only members of the team can subscribe to its calendar.');
    teamName = team.name;
  }
  const feed = await insertFeed(db, { userId: actorId, teamId, token: randomBytes(32).toString('base64url') });
  return toFeed(site, feed, teamName);
}

/** Someone else's feed answers as unknown: feed ids say nothing about other people. */
export async function revokeFeed(db: Database, clock: Clock, { actorId, feedId }: { actorId: string; feedId: string }) {
  if (!(await revokeFeedRow(db, { feedId, userId: actorId, now: clock.now() }))) throw feedNotFound();
}

/** Each entry with the dates its organizer called off on their own (issue 11). */
async function withCancelledDates(db: Database, entries: CalendarEntry[]): Promise<CalendarEntry[]> {
  const byEvent = await cancelledDatesOf(
    db,
    entries.map((entry) => entry.row.event.id),
  );
  return entries.map((entry) => ({ ...entry, cancelledDates: byEvent.get(entry.row.event.id) ?? [] }));
}

/**
 * One event as a calendar file: every occurrence (a weekly series as one RRULE), or with
 * `occurrence` that one date alone (issue 11: a player adds the date they joined, not the
 * series). The same rule as the event view: a team-only event exists only for the team's
 * members. A date's file holds only what the event page shows anyone who may see the event
 * (title, time, place, description), never who plays: it is not private to the date's players
 * (decision 015), and a date the series does not have is unknown (404).
 */
export async function eventCalendar(
  db: Database,
  clock: Clock,
  site: CalendarSite,
  { viewerId, eventId, occurrence }: { viewerId: string | undefined; eventId: string; occurrence?: string },
): Promise<CalendarFile> {
  const row = await findCalendarEvent(db, eventId);
  if (!row) throw eventNotFound();
  const { event } = row;
  if (event.visibility === 'team') {
    const member =
      viewerId !== undefined &&
      (event.creatorId === viewerId || (event.teamId !== null && (await isTeamMember(db, event.teamId, viewerId))));
    if (!member) throw eventNotFound();
  }
  const slug = fileSlug(event.title);
  if (occurrence) {
    const date = findOccurrenceAt(scheduleOf(event), new Date(occurrence));
    if (!date) throw new AppError('NOT_FOUND', 'This event does not happen then.');
    return {
      filename: `${slug}-${instantToLocal(date.startsAt, event.timeZone).slice(0, 10)}.ics`,
      ics: writeCalendar({
        name: event.title,
        origin: site.origin,
        now: clock.now(),
        entries: [{ row, occurrences: [{ startsAt: date.startsAt, tentative: false }] }],
      }),
    };
  }
  return {
    filename: `${slug}.ics`,
    ics: writeCalendar({
      name: event.title,
      origin: site.origin,
      now: clock.now(),
      entries: await withCancelledDates(db, [{ row, occurrences: 'all' }]),
    }),
  };
}

/**
 * "My games": every event the user created (the whole series) and the occurrences they have a
 * party on; a waitlisted party shows as tentative. Cancelled events stay in, marked CANCELLED,
 * so calendar apps take them off the user's calendar.
 */
async function myGamesEntries(db: Database, userId: string, since: Date): Promise<CalendarEntry[]> {
  const [created, parties] = await Promise.all([
    listCreatedEvents(db, userId, since),
    listPartiesOfUser(db, userId, since),
  ]);
  const entries: CalendarEntry[] = created.map((row) => ({ row, occurrences: 'all' }));
  const createdIds = new Set(created.map((row) => row.event.id));
  const joined = new Map<string, CalendarEntry & { occurrences: { startsAt: Date; tentative: boolean }[] }>();
  for (const party of parties) {
    if (createdIds.has(party.event.id)) continue;
    const entry = joined.get(party.event.id) ?? { row: { event: party.event, place: party.place }, occurrences: [] };
    entry.occurrences.push({ startsAt: party.occurrenceStartsAt, tentative: party.status !== 'joined' });
    joined.set(party.event.id, entry);
  }
  return [...entries, ...joined.values()];
}

/**
 * A feed as a calendar app reads it, without a session: the token is the credential. Written
 * anew on every request, so edits and cancellations reach the calendar at its next refresh.
 * Team-only events of a team feed need the owner to be a member still.
 */
export async function feedCalendar(
  db: Database,
  clock: Clock,
  site: CalendarSite,
  { token }: { token: string },
): Promise<CalendarFile> {
  const found = await findLiveFeedByToken(db, token);
  if (!found) throw feedNotFound();
  const { feed, teamName } = found;
  const now = clock.now();
  const since = new Date(now.getTime() - feedHistoryMs);
  if (feed.teamId && teamName !== null) {
    const includeTeamOnly = await isTeamMember(db, feed.teamId, feed.userId);
    const rows = await listTeamEvents(db, { teamId: feed.teamId, includeTeamOnly, since });
    return {
      filename: `huddle-${fileSlug(teamName)}.ics`,
      ics: writeCalendar({
        name: `${teamName} (Huddle)`,
        origin: site.origin,
        now,
        refreshHours: feedRefreshHours,
        entries: await withCancelledDates(
          db,
          rows.map((row) => ({ row, occurrences: 'all' })),
        ),
      }),
    };
  }
  return {
    filename: 'huddle-my-games.ics',
    ics: writeCalendar({
      name: 'My games (Huddle)',
      origin: site.origin,
      now,
      refreshHours: feedRefreshHours,
      entries: await withCancelledDates(db, await myGamesEntries(db, feed.userId, since)),
    }),
  };
}
