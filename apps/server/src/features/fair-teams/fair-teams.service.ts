import { randomInt } from 'node:crypto';
import {
  bibColourLabels,
  defaultTeamLooks,
  memberKeyOf,
  playerLevel,
  teamsMessages,
  teamsPublishedEvent,
  type MakeTeamsBody,
  type PublishedTeams,
  type PublishTeamsBody,
  type RatePlayerBody,
  type SaveTeamsBody,
  type TeamMember,
  type TeamSheet,
} from '@huddle/shared/fair-teams';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import { balanceTeams, describeBalance } from '@huddle/shared/team-balance';
import { AppError } from '../../lib/app-error.ts';
import { occurrenceOf } from '../events/event-parties.service.ts';
import { onWallClock } from '../events/events.mails.ts';
import { managedEvent, visibleEvent } from '../events/events.service.ts';
import { occurrencePath } from '../events/waitlist.service.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { listQuizLevelsOnScale } from '../quizzes/quizzes.service.ts';
import type { StoredTeam } from './fair-teams.schema.ts';
import {
  deleteRating,
  findSheet,
  insertSheet,
  listDateParties,
  listRatingsBy,
  updateSheetAt,
  upsertRating,
  type TeamSheetRow,
} from './fair-teams.repository.ts';

/** What fair teams need: the notify deps (AppDeps fields of the same names). */
export type FairTeamDeps = NotifyDeps;

type Db = FairTeamDeps['db'];

/** Someone on the date: the person who joined, or one of the friends they brought. */
interface Person {
  key: string;
  userId: string | null;
  displayName: string;
  photoURL: string;
  selfRated: number | null;
  quiz: number | null;
  partyId: string;
  partySize: number;
  checkedIn: boolean;
}

const stale = () => new AppError('CONFLICT', teamsMessages.stale);

/**
 * Everyone with a spot on the date, a party's friends after the person who brought them. A
 * friend has no profile: the split counts them at the middle of the scale.
 */
async function peopleOnDate(db: Db, eventId: string, gameType: string, startsAt: Date): Promise<Person[]> {
  const parties = await listDateParties(db, eventId, startsAt);
  const userIds = parties.flatMap((party) => (party.userId ? [party.userId] : []));
  const quizLevels = await listQuizLevelsOnScale(db, { userIds, gameType });
  return parties.flatMap((party) => {
    const name = ((party.userId ? party.userName : party.guestName) ?? '').trim() || displayNameFallback;
    const holder: Person = {
      key: memberKeyOf(party.partyId, 0),
      userId: party.userId,
      displayName: name,
      photoURL: (party.userId && party.userImage) || defaultPhotoPath,
      selfRated: party.selfRatedLevel,
      quiz: party.userId ? (quizLevels.get(party.userId) ?? null) : null,
      partyId: party.partyId,
      partySize: party.partySize,
      checkedIn: party.checkedIn,
    };
    const friends = Array.from({ length: party.partySize - 1 }, (_, index): Person => ({
      ...holder,
      key: memberKeyOf(party.partyId, index + 1),
      userId: null,
      displayName: party.partySize > 2 ? `${name}'s friend ${index + 1}` : `${name}'s friend`,
      photoURL: defaultPhotoPath,
      selfRated: null,
      quiz: null,
    }));
    return [holder, ...friends];
  });
}

/** The people of the date and the actor's own ratings of them; the levels the actor's split uses. */
async function organizerView(db: Db, actorId: string, eventId: string, gameType: string, startsAt: Date) {
  const people = await peopleOnDate(db, eventId, gameType, startsAt);
  const ratings = await listRatingsBy(
    db,
    actorId,
    gameType,
    people.flatMap((person) => (person.userId ? [person.userId] : [])),
  );
  const ratingOf = (person: Person) => (person.userId ? (ratings.get(person.userId) ?? null) : null);
  const levelOf = (person: Person) =>
    playerLevel({ selfRated: person.selfRated, quiz: person.quiz, rating: ratingOf(person) });
  return { people, ratingOf, levelOf };
}

type OrganizerView = Awaited<ReturnType<typeof organizerView>>;

function toSheetReply(view: OrganizerView, sheet: TeamSheetRow | undefined): TeamSheet {
  const { people } = view;
  const base = { playerCount: people.length, checkedInCount: people.filter((person) => person.checkedIn).length };
  if (!sheet) return { ...base, sheet: null };
  const byKey = new Map(people.map((person) => [person.key, person]));
  const locked = new Set(sheet.locked);
  const toMember = (person: Person): TeamMember => ({
    key: person.key,
    userId: person.userId,
    displayName: person.displayName,
    photoURL: person.photoURL,
    level: Math.round(view.levelOf(person) * 100) / 100,
    selfRated: person.selfRated,
    quiz: person.quiz === null ? null : Math.round(person.quiz * 10) / 10,
    rating: view.ratingOf(person),
    position: sheet.positions[person.key] ?? null,
    locked: locked.has(person.key),
    checkedIn: person.checkedIn,
    partyId: person.partyId,
    partySize: person.partySize,
  });
  // Someone who left since the split drops out of their team; someone who came since waits unassigned.
  const teams = sheet.teams.map((team) => ({
    name: team.name,
    colour: team.colour,
    members: team.members.flatMap((key) => {
      const person = byKey.get(key);
      return person ? [toMember(person)] : [];
    }),
  }));
  const placed = new Set(sheet.teams.flatMap((team) => team.members));
  const unassigned = people
    .filter((person) => !placed.has(person.key) && (sheet.source === 'joined' || person.checkedIn))
    .map(toMember);
  return {
    ...base,
    sheet: {
      version: sheet.version,
      source: sheet.source,
      keepParties: sheet.keepParties,
      teams,
      unassigned,
      balance: describeBalance(teams.map((team) => team.members.map((member) => member.level))),
      publishedAt: sheet.publishedAt?.toISOString() ?? null,
      changedSincePublished: sheet.publishedVersion !== null && sheet.publishedVersion !== sheet.version,
      updatedAt: sheet.updatedAt.toISOString(),
    },
  };
}

// ---- The organizer -------------------------------------------------------------------------

export async function getTeamSheet(
  deps: FairTeamDeps,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence: string },
): Promise<TeamSheet> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrence, 'occurrence');
  const view = await organizerView(deps.db, actorId, eventId, event.gameType, startsAt);
  return toSheetReply(view, await findSheet(deps.db, eventId, startsAt));
}

/**
 * "Make teams" and "Reshuffle": a new split of the date's players with a new seed. Players the
 * organizer locked stay on their teams; names, colours and marked positions carry over.
 */
export async function makeTeams(
  deps: FairTeamDeps,
  { actorId, eventId, body }: { actorId: string; eventId: string; body: MakeTeamsBody },
): Promise<TeamSheet> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, body.occurrenceStartsAt, 'occurrenceStartsAt');
  const view = await organizerView(deps.db, actorId, eventId, event.gameType, startsAt);
  const pool = body.source === 'checkedIn' ? view.people.filter((person) => person.checkedIn) : view.people;
  if (pool.length === 0) {
    const message = body.source === 'checkedIn' ? teamsMessages.noCheckedIn : teamsMessages.noPlayers;
    throw new AppError('VALIDATION_FAILED', message, { source: [message] });
  }
  const existing = await findSheet(deps.db, eventId, startsAt);
  if ((existing?.version ?? null) !== body.version) throw stale();

  const inPool = new Set(pool.map((person) => person.key));
  const locked: Record<string, number> = {};
  existing?.teams.forEach((team, index) => {
    if (index >= body.teamCount) return;
    for (const key of team.members) if (existing.locked.includes(key) && inPool.has(key)) locked[key] = index;
  });
  const positions = Object.fromEntries(
    Object.entries(existing?.positions ?? {}).filter(([key]) => view.people.some((person) => person.key === key)),
  );
  const seed = randomInt(0, 2 ** 31 - 1);
  const split = balanceTeams({
    players: pool.map((person) => ({
      key: person.key,
      level: view.levelOf(person),
      party: person.partySize > 1 ? person.partyId : null,
      position: positions[person.key] ?? null,
    })),
    teamCount: body.teamCount,
    keepParties: body.keepParties,
    locked,
    seed,
  });
  const teams: StoredTeam[] = split.map((members, index) => {
    const look = existing?.teams[index] ?? defaultTeamLooks[index] ?? defaultTeamLooks[0]!;
    return { name: look.name, colour: look.colour, members };
  });
  const values = {
    source: body.source,
    keepParties: body.keepParties,
    seed,
    teams,
    locked: Object.keys(locked),
    positions,
    updatedBy: actorId,
    updatedAt: deps.clock.now(),
  };
  const written = existing
    ? await updateSheetAt(deps.db, eventId, startsAt, existing.version, values)
    : await insertSheet(deps.db, eventId, startsAt, values);
  if (!written) throw stale();
  return toSheetReply(view, written);
}

/** The organizer's edits: moves, locks, positions, names and bib colours, in one write. */
export async function saveTeams(
  deps: FairTeamDeps,
  { actorId, eventId, body }: { actorId: string; eventId: string; body: SaveTeamsBody },
): Promise<TeamSheet> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, body.occurrenceStartsAt, 'occurrenceStartsAt');
  const view = await organizerView(deps.db, actorId, eventId, event.gameType, startsAt);
  const known = new Set(view.people.map((person) => person.key));
  const seen = new Set<string>();
  for (const team of body.teams) {
    for (const key of team.members) {
      if (!known.has(key)) throw new AppError('VALIDATION_FAILED', undefined, { teams: [teamsMessages.notOnDate] });
      if (seen.has(key)) throw new AppError('VALIDATION_FAILED', undefined, { teams: [teamsMessages.twice] });
      seen.add(key);
    }
  }
  const written = await updateSheetAt(deps.db, eventId, startsAt, body.version, {
    teams: body.teams.map((team) => ({ name: team.name, colour: team.colour, members: team.members })),
    // A lock holds a player on a team: someone on no team has nothing to be locked to.
    locked: body.locked.filter((key) => seen.has(key)),
    positions: Object.fromEntries(Object.entries(body.positions).filter(([key]) => known.has(key))),
    updatedBy: actorId,
    updatedAt: deps.clock.now(),
  });
  if (!written) {
    if (!(await findSheet(deps.db, eventId, startsAt))) throw new AppError('NOT_FOUND', teamsMessages.notMade);
    throw stale();
  }
  return toSheetReply(view, written);
}

/**
 * Shows the teams to the date's players: a copy of the version the organizer looked at, then a
 * notification to each player of their team (their settings decide mail and push) and a push
 * over the realtime socket to everyone on the date, so an open event page shows it at once.
 */
export async function publishTeams(
  deps: FairTeamDeps,
  { actorId, eventId, body }: { actorId: string; eventId: string; body: PublishTeamsBody },
): Promise<TeamSheet> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, body.occurrenceStartsAt, 'occurrenceStartsAt');
  const view = await organizerView(deps.db, actorId, eventId, event.gameType, startsAt);
  const sheet = await findSheet(deps.db, eventId, startsAt);
  if (!sheet) throw new AppError('NOT_FOUND', teamsMessages.notMade);
  if (sheet.version !== body.version) throw stale();
  const present = new Map(view.people.map((person) => [person.key, person]));
  const published = sheet.teams.map((team) => ({ ...team, members: team.members.filter((key) => present.has(key)) }));
  const written = await updateSheetAt(deps.db, eventId, startsAt, body.version, {
    published,
    publishedAt: deps.clock.now(),
    publishedVersion: body.version + 1,
    updatedBy: actorId,
    updatedAt: deps.clock.now(),
  });
  if (!written) throw stale();

  const when = onWallClock(startsAt, event.timeZone);
  for (const team of published) {
    const userIds = team.members.flatMap((key) => present.get(key)?.userId ?? []);
    if (userIds.length === 0) continue;
    await notify(deps, {
      userIds,
      category: 'eventJoined',
      kind: 'teamsPublished',
      title: `Teams are out for ${event.title}`,
      body: `You play on ${team.name} (${bibColourLabels[team.colour].toLowerCase()} bibs) on ${when}.`,
      link: occurrencePath(eventId, startsAt),
      actorId,
      subjectId: eventId,
      // Once per person and published version: a retried publish does not notify twice.
      dedupeKey: `teams:${eventId}:${startsAt.toISOString()}:${written.version}`,
    });
  }
  const everyone = [...new Set(view.people.flatMap((person) => (person.userId ? [person.userId] : [])))];
  deps.realtime.sendMany(everyone, {
    type: teamsPublishedEvent,
    eventId,
    occurrenceStartsAt: startsAt.toISOString(),
  });
  return toSheetReply(view, written);
}

/** The organizer's private rating of a player on the date, for the event's game type; null clears it. */
export async function ratePlayer(
  deps: FairTeamDeps,
  { actorId, eventId, body }: { actorId: string; eventId: string; body: RatePlayerBody },
): Promise<{ userId: string; rating: number | null }> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, body.occurrenceStartsAt, 'occurrenceStartsAt');
  const onDate = (await listDateParties(deps.db, eventId, startsAt)).some((party) => party.userId === body.userId);
  if (!onDate) throw new AppError('NOT_FOUND', teamsMessages.notOnDate);
  const key = { raterId: actorId, playerId: body.userId, gameType: event.gameType };
  if (body.rating === null) await deleteRating(deps.db, key);
  else await upsertRating(deps.db, { ...key, rating: body.rating, updatedAt: deps.clock.now() });
  return { userId: body.userId, rating: body.rating };
}

// ---- The players ---------------------------------------------------------------------------

/**
 * The published teams, for anyone who may see the event: names and photos, no one's level. The
 * balance line is worked out from the levels players gave themselves and their quizzes only, so
 * no organizer's rating can be read back from it.
 */
export async function getPublishedTeams(
  deps: Pick<FairTeamDeps, 'db'>,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence: string },
): Promise<PublishedTeams> {
  const { event } = await visibleEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrence, 'occurrence');
  const sheet = await findSheet(deps.db, eventId, startsAt);
  if (!sheet?.published || !sheet.publishedAt) return { teams: null, publishedAt: null, summary: null };
  const people = new Map(
    (await peopleOnDate(deps.db, eventId, event.gameType, startsAt)).map((person) => [person.key, person]),
  );
  const teams = sheet.published.map((team) => ({
    name: team.name,
    colour: team.colour,
    members: team.members.flatMap((key) => {
      const person = people.get(key);
      return person ? [person] : [];
    }),
  }));
  const balance = describeBalance(
    teams.map((team) =>
      team.members.map((person) => playerLevel({ selfRated: person.selfRated, quiz: person.quiz, rating: null })),
    ),
  );
  return {
    teams: teams.map((team) => ({
      name: team.name,
      colour: team.colour,
      members: team.members.map((person) => ({
        key: person.key,
        displayName: person.displayName,
        photoURL: person.photoURL,
        isYou: person.userId !== null && person.userId === actorId && person.key.endsWith('.0'),
      })),
    })),
    publishedAt: sheet.publishedAt.toISOString(),
    summary: balance.summary,
  };
}
