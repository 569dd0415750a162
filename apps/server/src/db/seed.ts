import { localToInstant } from '@huddle/shared/event-occurrences';
import type { TeamKind } from '@huddle/shared/teams';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import geohash from 'ngeohash';
import { hashPassword } from '../lib/password-hashing.ts';
import type { Database } from './client.ts';
import {
  authAccounts,
  availabilities,
  registrations,
  seasonGroups,
  seasonSessions,
  seasons,
  teamMembers,
  teams,
  users,
} from './schema.ts';

/**
 * The demo community a first start gets so no screen is empty (issue 2): players in
 * Austin, TX with profiles and home locations. Each later slice adds its own demo data.
 * Seeding writes rows directly: it is the database's own set-up, not a user action.
 */
export const demoAccount = { email: 'demo@huddle.test', password: 'huddle-demo-2026' } as const;

const city = { name: 'Austin, TX', lat: 30.2672, lng: -97.7431 };
const games = ['Soccer', 'Basketball', 'Pickleball', 'Volleyball', 'Ultimate Frisbee', 'Tennis', 'Softball'];
const joinReasons = ['Organize', 'Find-people', 'Substitute'] as const;
const pronouns = ['He/His', 'She/Her', 'They/Them', 'Unspecified'] as const;
const players = [
  ['Maya Alvarez', 'Maya A.'],
  ['Jordan Brooks', 'JB'],
  ['Priya Natarajan', 'Priya'],
  ['Marcus Greene', 'Marcus G'],
  ['Sofia Rossi', 'Sofi'],
  ['Darnell Hayes', 'D-Hayes'],
  ['Emily Chen', 'Em Chen'],
  ['Luis Ortega', 'Lucho'],
  ['Hannah Schmidt', 'Hannah S'],
  ['Kwame Mensah', 'Kwame'],
  ['Aisha Rahman', 'Aisha R'],
  ['Tyler Nguyen', 'Ty'],
  ['Grace Okafor', 'Grace O'],
  ['Ben Carter', 'Benny'],
  ['Olivia Martinez', 'Liv'],
  ['Sam Patel', 'Sam P'],
  ['Chloe Dubois', 'Chloe'],
  ['Andre Thompson', 'Dre'],
  ['Nina Kowalski', 'Nina K'],
  ['Jamal Wright', 'Jamal'],
  ['Rachel Kim', 'Rach'],
  ['Diego Herrera', 'Diego H'],
  ['Zoe Bennett', 'Zoe B'],
  ['Owen Murphy', 'Owen'],
  ['Isabel Cruz', 'Isa'],
  ['Ethan Walker', 'E. Walker'],
  ['Leah Goldberg', 'Leah G'],
  ['Malik Johnson', 'Malik'],
  ['Camila Reyes', 'Cami'],
] as const;

/** A tiny deterministic generator, so every fresh install gets the same community. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export interface DemoSeedResult {
  seeded: boolean;
  email: string;
  password: string;
}

/** Seeds once, into an empty database; afterwards only reports the demo sign-in if it still exists. */
export async function seedDemoCommunity(db: Database): Promise<DemoSeedResult | undefined> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) {
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
    return demo ? { seeded: false, ...demoAccount } : undefined;
  }
  const random = seededRandom(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const place = () => {
    // Within about 12 km of downtown.
    const lat = city.lat + (random() - 0.5) * 0.2;
    const lng = city.lng + (random() - 0.5) * 0.2;
    return {
      defaultCityName: city.name,
      defaultCityLat: lat,
      defaultCityLng: lng,
      defaultCityGeohash: geohash.encode(lat, lng, 9),
    };
  };
  const demoId = randomUUID();
  const rows: SeedUser[] = [
    {
      id: demoId,
      name: 'Demo Organizer',
      email: demoAccount.email,
      emailVerified: true,
      fullName: 'Demo Organizer',
      bio: 'I run the Austin pickup community on Huddle. Say hi!',
      pronouns: 'Unspecified',
      joinReason: 'Organize',
      games: ['Soccer', 'Pickleball'],
      hasAdditionalInfo: true,
      // The demo's home is the city itself (as the city picker stores it), so maps open centred
      // on downtown; place() still runs so the players' random positions stay as they were.
      ...place(),
      defaultCityLat: city.lat,
      defaultCityLng: city.lng,
      defaultCityGeohash: geohash.encode(city.lat, city.lng, 9),
    },
    ...players.map(([fullName, displayName], index) => ({
      id: randomUUID(),
      name: displayName,
      email: `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}@huddle.test`,
      emailVerified: true,
      fullName,
      bio: `Plays ${pick(games).toLowerCase()} most weekends around Austin.`,
      pronouns: pick(pronouns),
      joinReason: joinReasons[index % joinReasons.length],
      games: [...new Set([pick(games), pick(games)])],
      // Fair teams (decision 077): levels across the scale, so "Make teams" shows a real split on
      // the demo's games; every sixth player left theirs empty. Not drawn from `random`, so the
      // rest of the community stays as it was.
      selfRatedLevel: index % 6 === 5 ? null : ((index * 7) % 5) + 1,
      hasAdditionalInfo: true,
      ...place(),
    })),
  ];
  const passwordHash = await hashPassword(demoAccount.password);
  const community = demoTeams(rows, random);
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows);
    await tx.insert(teams).values(community.teams);
    await tx.insert(teamMembers).values(community.members);
    await tx.insert(seasons).values(community.seasons);
    await tx.insert(seasonGroups).values(community.groups);
    await tx.insert(seasonSessions).values(community.sessions);
    await tx.insert(registrations).values(community.registrations);
    await tx.insert(availabilities).values(demoAvailability(rows.slice(1)));
    // Only the demo organizer has a password; the other players can claim theirs through "forgot password".
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: demoId,
      providerId: 'credential',
      userId: demoId,
      password: passwordHash,
    });
  });
  return { seeded: true, ...demoAccount };
}

type SeedUser = typeof users.$inferInsert & { id: string; email: string; name: string };

const closedDay = { isAvailable: false, ranges: [] };
const shiftHour = (time: string, hours: number) =>
  `${String(Number(time.slice(0, 2)) + hours).padStart(2, '0')}${time.slice(2)}`;

/**
 * Weekly availability for "Find a time" (issue 34 part 1, decision 079): the players' evenings
 * and weekend mornings overlap in a few favourite slots, so its first search ranks real
 * suggestions. Every seventh player gave none (they show as "no availability" and get the
 * nudge); every tenth saved theirs in New York (the same hours an hour later on their clock);
 * two have a date-specific exception in the coming week. Not drawn from `random`, so the rest of
 * the community stays as it was.
 */
function demoAvailability(players: SeedUser[]): (typeof availabilities.$inferInsert)[] {
  const now = Date.now();
  return players.flatMap((player, index) => {
    if (index % 7 === 6) return [];
    const newYork = index % 10 === 3;
    const range = (start: string, end: string) =>
      newYork ? { start: shiftHour(start, 1), end: shiftHour(end, 1) } : { start, end };
    const evenings = index % 2 === 0 ? ['tuesday', 'thursday'] : ['monday', 'wednesday', 'thursday'];
    const weekly = {
      monday: closedDay,
      tuesday: closedDay,
      wednesday: closedDay,
      thursday: closedDay,
      friday: closedDay,
      saturday: index % 3 === 0 ? closedDay : { isAvailable: true, ranges: [range('09:00', '12:00')] },
      sunday: index % 4 === 0 ? { isAvailable: true, ranges: [range('16:00', '19:00')] } : closedDay,
      ...Object.fromEntries(
        evenings.map((day) => [
          day,
          { isAvailable: true, ranges: [index % 3 === 1 ? range('17:30', '20:30') : range('18:00', '21:00')] },
        ]),
      ),
    };
    const dates =
      index === 2
        ? [{ date: isoDay(new Date(now + 2 * dayMs)), ranges: [range('07:00', '08:00')] }]
        : index === 5
          ? [{ date: isoDay(new Date(now + 4 * dayMs)), ranges: [range('13:00', '17:00')] }]
          : [];
    return [{ userId: player.id, weekly, dates, timeZone: newYork ? 'America/New_York' : demoTimeZone }];
  });
}

const dayMs = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Teams of the demo community (issue 4): a community the demo organizer owns with an
 * open season, a club where they organize, and a private team where they play.
 * Dates are relative to the first start, so registration is open whenever someone tries it.
 */
/** The demo community plays in Austin. */
const demoTimeZone = 'America/Chicago';

function demoTeams(people: SeedUser[], random: () => number) {
  const [demo, ...players] = people as [SeedUser, ...SeedUser[]];
  const now = Date.now();
  const teamRow = (
    name: string,
    kind: TeamKind,
    gameType: string,
    joinPolicy: string,
    visibility: string,
    creator: SeedUser,
    description: string,
  ) => {
    const lat = 30.2672 + (random() - 0.5) * 0.1;
    const lng = -97.7431 + (random() - 0.5) * 0.1;
    return {
      id: randomUUID(),
      kind,
      name,
      gameType,
      description,
      joinPolicy,
      visibility,
      creatorId: creator.id,
      timeZone: demoTimeZone,
      cityName: 'Austin, TX',
      cityLat: lat,
      cityLng: lng,
      cityGeohash: geohash.encode(lat, lng, 9),
    };
  };
  const soccer = teamRow(
    'Austin Pickup Soccer',
    'community',
    'Soccer',
    'open',
    'public',
    demo,
    'Pickup and league soccer all over Austin. Everyone plays; bring a light and a dark shirt.',
  );
  const pickleball = teamRow(
    'Eastside Pickleball Club',
    'team',
    'Pickleball',
    'request',
    'public',
    players[0] as SeedUser,
    'Ladder nights and friendly doubles on the east side.',
  );
  const ultimate = teamRow(
    'Zilker Ultimate',
    'team',
    'Ultimate Frisbee',
    'invite',
    'private',
    players[1] as SeedUser,
    'Competitive ultimate at Zilker Park.',
  );
  const members = [
    { teamId: soccer.id, userId: demo.id, role: 'owner' },
    ...players.slice(0, 18).map((player, index) => ({
      teamId: soccer.id,
      userId: player.id,
      role: index < 2 ? 'organizer' : index % 5 === 4 ? 'substitute' : 'player',
    })),
    { teamId: pickleball.id, userId: (players[0] as SeedUser).id, role: 'owner' },
    { teamId: pickleball.id, userId: demo.id, role: 'organizer' },
    ...players.slice(10, 20).map((player) => ({ teamId: pickleball.id, userId: player.id, role: 'player' })),
    { teamId: ultimate.id, userId: (players[1] as SeedUser).id, role: 'owner' },
    { teamId: ultimate.id, userId: demo.id, role: 'player' },
    ...players.slice(20, 28).map((player) => ({ teamId: ultimate.id, userId: player.id, role: 'player' })),
  ];
  const seasonRow = (
    teamId: string,
    label: string,
    startsInDays: number,
    weeks: number,
    capacity: number | null,
    feeCents: number | null,
  ) => ({
    id: randomUUID(),
    teamId,
    label,
    startsOn: isoDay(new Date(now + startsInDays * dayMs)),
    endsOn: isoDay(new Date(now + (startsInDays + weeks * 7) * dayMs)),
    registrationOpensAt: new Date(now - 7 * dayMs),
    registrationClosesAt: new Date(now + (startsInDays - 1) * dayMs),
    capacity,
    feeCents,
    status: 'published',
  });
  const league = seasonRow(soccer.id, 'Spring League', 30, 12, 40, 2500);
  const ladder = seasonRow(pickleball.id, 'Winter Ladder', 14, 8, 24, null);
  const groups = [
    { id: randomUUID(), seasonId: league.id, name: 'Division A' },
    { id: randomUUID(), seasonId: league.id, name: 'Division B' },
  ];
  // Weekly from the season's first day, at the same wall-clock time in Austin.
  const sessions = [league, ladder].flatMap((season, seasonIndex) => {
    const firstDay = Date.parse(`${season.startsOn}T00:00:00Z`);
    return Array.from({ length: 8 }, (_, week) => {
      const day = isoDay(new Date(firstDay + week * 7 * dayMs));
      const startsAt = localToInstant(`${day}T${seasonIndex === 0 ? '18:30' : '19:00'}`, demoTimeZone);
      return {
        seasonId: season.id,
        title: seasonIndex === 0 ? 'League night' : 'Ladder night',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      };
    });
  });
  const registration = (
    seasonId: string,
    teamId: string,
    person: SeedUser,
    groupId: string | null,
    status: string,
  ) => ({
    seasonId,
    teamId,
    userId: person.id,
    name: person.fullName ?? person.name,
    email: person.email,
    status,
    groupId,
  });
  const registrationsRows = [
    registration(league.id, soccer.id, demo, groups[0]?.id ?? null, 'approved'),
    ...players
      .slice(0, 12)
      .map((player, index) =>
        registration(league.id, soccer.id, player, groups[index % 2]?.id ?? null, index < 8 ? 'approved' : 'pending'),
      ),
    registration(ladder.id, pickleball.id, demo, null, 'pending'),
    ...players.slice(10, 16).map((player) => registration(ladder.id, pickleball.id, player, null, 'approved')),
  ];
  return {
    teams: [soccer, pickleball, ultimate],
    members,
    seasons: [league, ladder],
    groups,
    sessions,
    registrations: registrationsRows,
  };
}
