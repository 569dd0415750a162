import type { WeeklyRepeat } from '@huddle/shared/event-occurrences';
import { eventParties } from '../../features/events/events.schema.ts';
import { teamJoinRequests, teamMembers } from '../../features/teams/teams.schema.ts';
import {
  cookieHeaderFrom,
  createTeamAs,
  insertEvent,
  insertPlace,
  signUpUser,
  signUpVerifiedUser,
} from '../factories.ts';
import type { TestApp } from '../test-app.ts';

/**
 * The five callers every route is tried with (issue 10): nobody signed in, a signed-in user with
 * no tie to the data, a player of the team who joined the event, an organizer of the team, and
 * the team's owner, who also created the event and the place.
 */
export const roles = ['anonymous', 'otherUser', 'member', 'organizer', 'owner'] as const;
export type Role = (typeof roles)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;

export interface Person {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
}

export interface TeamFixture {
  id: string;
}

export interface EventFixture {
  id: string;
  /** The first occurrence's start, as the API takes it. */
  occurrence: string;
  /** The member's party on that occurrence. */
  memberPartyId: string;
}

export interface Cast {
  t: TestApp;
  people: Record<SignedInRole, Person>;
  /** A second player of every cast team: the one managers change, remove and register. */
  teammate: Person;
  /** In no team and on no event: the one people block, and who asks to join. */
  bystander: Person;
  /** Added by the owner. */
  place: { id: string };
  /** Public, joined by request. */
  publicTeam: TeamFixture;
  /** Private, joined by invitation. */
  privateTeam: TeamFixture;
  /** Public, of the public team. */
  publicEvent: EventFixture;
  /** For the private team's members only. */
  teamOnlyEvent: EventFixture;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A setup call that must succeed; its JSON reply. */
export async function apiAs<T = Record<string, unknown>>(
  cast: Pick<Cast, 't'>,
  person: Person | null,
  method: Method,
  url: string,
  payload?: object,
): Promise<T> {
  const response = await cast.t.app.inject({
    method,
    url,
    headers: person ? { cookie: person.cookie } : {},
    ...(payload && { payload }),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** A verified account (its password signs in again: freshSession, the sign-in rows). */
export async function signUpPerson(t: TestApp, name: string): Promise<Person> {
  const { body, cookie, user } = await signUpVerifiedUser(t, { name });
  return { id: user.id, name, email: user.email, password: body.password, cookie };
}

/** An account as sign-up leaves it: signed in, its email not verified yet (decision 062). */
export async function signUpUnverifiedPerson(t: TestApp, name: string): Promise<Person> {
  const { body, cookie, user } = await signUpUser(t.app, { name });
  return { id: user.id, name, email: user.email, password: body.password, cookie };
}

/** A second session of the same person (sign-out rows end it, not the cast's). */
export async function freshSession(cast: Cast, person: Person): Promise<Person> {
  const response = await cast.t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: person.email, password: person.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { ...person, cookie: cookieHeaderFrom(response.headers['set-cookie']) };
}

/** A team owned by the owner, with the organizer, the member and the teammate in it. */
export async function newTeam(
  cast: Pick<Cast, 't' | 'people' | 'teammate'>,
  { visibility, joinPolicy }: { visibility: 'public' | 'private'; joinPolicy: 'open' | 'request' | 'invite' },
): Promise<TeamFixture> {
  const team = await createTeamAs(cast.t.app, cast.people.owner.cookie, { visibility, joinPolicy });
  await cast.t.db.insert(teamMembers).values([
    { teamId: team.id, userId: cast.people.organizer.id, role: 'organizer' },
    { teamId: team.id, userId: cast.people.member.id, role: 'player' },
    { teamId: team.id, userId: cast.teammate.id, role: 'player' },
  ]);
  return { id: team.id };
}

/** A team as newTeam makes it, with a pending join request from the bystander. */
export async function newTeamWithJoinRequest(cast: Cast): Promise<TeamFixture> {
  const team = await newTeam(cast, { visibility: 'public', joinPolicy: 'request' });
  await cast.t.db.insert(teamJoinRequests).values({ teamId: team.id, userId: cast.bystander.id });
  return team;
}

/**
 * An event the owner created at the owner's place, on a team or not, with the member's party on
 * its first occurrence (joined, or offered a spot until long after the test), and optionally
 * the teammate waiting behind.
 */
export async function newEvent(
  cast: Pick<Cast, 't' | 'people' | 'place' | 'teammate'>,
  {
    team,
    visibility = 'public',
    memberStatus = 'joined',
    teammateWaiting = false,
    schedule = {},
  }: {
    team: TeamFixture | null;
    visibility?: 'public' | 'team';
    memberStatus?: 'joined' | 'offered';
    teammateWaiting?: boolean;
    /** A weekly series, or a date already started (issue 11: cancel one date, attendance). */
    schedule?: { repeat?: WeeklyRepeat; startLocal?: string; endLocal?: string };
  },
): Promise<EventFixture> {
  const event = await insertEvent(cast.t.db, {
    creatorId: cast.people.owner.id,
    placeId: cast.place.id,
    teamId: team?.id ?? null,
    visibility,
    slots: 10,
    ...schedule,
  });
  const [party] = await cast.t.db
    .insert(eventParties)
    .values({
      eventId: event.id,
      occurrenceStartsAt: event.startsAt,
      userId: cast.people.member.id,
      status: memberStatus,
      position: memberStatus === 'offered' ? 1 : 0,
      offerExpiresAt: memberStatus === 'offered' ? new Date('2030-06-01T00:00:00Z') : null,
    })
    .returning();
  if (teammateWaiting) {
    await cast.t.db.insert(eventParties).values({
      eventId: event.id,
      occurrenceStartsAt: event.startsAt,
      userId: cast.teammate.id,
      status: 'waitlisted',
      position: 2,
    });
  }
  return { id: event.id, occurrence: event.startsAt.toISOString(), memberPartyId: party?.id ?? '' };
}

/** Registration open now, for a season running until 2035. */
export const seasonBodyFor = (status: 'draft' | 'published' = 'published') => ({
  label: `Season ${status}`,
  startsOn: '2026-01-01',
  endsOn: '2035-12-31',
  registrationOpensAt: '2020-01-01T00:00:00Z',
  registrationClosesAt: '2035-06-01T00:00:00Z',
  capacity: 100,
  // Free: registering for a season with a fee goes through Checkout (paid-games rows).
  feeCents: null,
  status,
});

export async function newSeason(
  cast: Pick<Cast, 't' | 'people'>,
  team: TeamFixture,
  status: 'draft' | 'published' = 'published',
): Promise<{ id: string }> {
  return apiAs(cast, cast.people.owner, 'POST', `/api/teams/${team.id}/seasons`, seasonBodyFor(status));
}

export async function newGroup(cast: Cast, seasonId: string): Promise<{ id: string }> {
  const season = await apiAs<{ groups: { id: string }[] }>(
    cast,
    cast.people.owner,
    'POST',
    `/api/seasons/${seasonId}/groups`,
    { name: 'Division A' },
  );
  return season.groups[0] as { id: string };
}

export async function registerFor(cast: Cast, person: Person, seasonId: string): Promise<{ id: string }> {
  return apiAs(cast, person, 'POST', `/api/seasons/${seasonId}/registrations`, { guest: null });
}

/** A link invitation (no email) made by the owner; the token is the last part of its URL. */
export async function newInvitation(cast: Cast, team: TeamFixture): Promise<{ id: string; token: string }> {
  const invitation = await apiAs<{ id: string; url: string }>(
    cast,
    cast.people.owner,
    'POST',
    `/api/teams/${team.id}/invitations`,
    { email: null, role: 'player', expiresInDays: 7 },
  );
  return { id: invitation.id, token: invitation.url.split('/').at(-1) as string };
}

/** A calendar feed of this person; the token is in its URL. */
export async function newFeed(
  cast: Pick<Cast, 't'>,
  person: Person,
  teamId: string | null = null,
): Promise<{ id: string; token: string }> {
  const feed = await apiAs<{ id: string; url: string }>(cast, person, 'POST', '/api/me/calendar-feeds', { teamId });
  return { id: feed.id, token: /\/api\/calendar\/([^/]+)\.ics$/.exec(feed.url)?.[1] as string };
}

/**
 * Someone new in the role, for calls that end the caller's account: an owner of a new team,
 * an organizer or a player of the public team, or a user with no tie at all.
 */
export async function standIn(cast: Cast, role: SignedInRole): Promise<Person> {
  const person = await signUpPerson(cast.t, `Stand-in ${role}`);
  if (role === 'owner') await createTeamAs(cast.t.app, person.cookie);
  if (role === 'organizer' || role === 'member') {
    await cast.t.db
      .insert(teamMembers)
      .values({ teamId: cast.publicTeam.id, userId: person.id, role: role === 'member' ? 'player' : 'organizer' });
  }
  return person;
}

/** The cast once per test file: people, the owner's place, two teams and two events. */
export async function createCast(t: TestApp): Promise<Cast> {
  const people = {
    otherUser: await signUpPerson(t, 'Other User'),
    member: await signUpPerson(t, 'Team Member'),
    organizer: await signUpPerson(t, 'Team Organizer'),
    owner: await signUpPerson(t, 'Team Owner'),
  };
  const teammate = await signUpPerson(t, 'Team Mate');
  const bystander = await signUpPerson(t, 'By Stander');
  const place = await insertPlace(t.db, { createdBy: people.owner.id, name: 'Owner Court' });
  const base = { t, people, teammate, place: { id: place.id } };
  const publicTeam = await newTeam(base, { visibility: 'public', joinPolicy: 'request' });
  const privateTeam = await newTeam(base, { visibility: 'private', joinPolicy: 'invite' });
  return {
    ...base,
    bystander,
    publicTeam,
    privateTeam,
    publicEvent: await newEvent(base, { team: publicTeam }),
    teamOnlyEvent: await newEvent(base, { team: privateTeam, visibility: 'team' }),
  };
}
