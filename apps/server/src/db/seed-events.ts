import { instantToLocal, listOccurrences, seriesEnd, type EventSchedule } from '@huddle/shared/event-occurrences';
import { geohashOf } from '@huddle/shared/places';
import { randomUUID } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import type { Database } from './client.ts';
import { eventFavorites, eventParties, events, places, teams, users } from './schema.ts';
import { demoAccount } from './seed.ts';

/**
 * Places and games of the demo community (issue 5), so discovery, the map and the home
 * dashboard are full on a first start. Runs when the demo organizer exists and there are no
 * places yet, so an install seeded before this slice gets them too. Dates are relative to the
 * day it runs, in Austin's time zone.
 */
const timeZone = 'America/Chicago';

const demoPlaces = [
  { name: 'Zilker Park Great Lawn', address: '2100 Barton Springs Rd, Austin, TX', lat: 30.2669, lng: -97.7729 },
  { name: 'Krieg Fields', address: '517 S Pleasant Valley Rd, Austin, TX', lat: 30.2478, lng: -97.7214 },
  { name: 'Pan Am Recreation Center', address: '2100 E 3rd St, Austin, TX', lat: 30.2589, lng: -97.7228 },
  { name: 'Mueller Lake Park', address: '4550 Mueller Blvd, Austin, TX', lat: 30.2976, lng: -97.7052 },
  { name: 'Givens District Park', address: '3811 E 12th St, Austin, TX', lat: 30.2787, lng: -97.6926 },
  { name: 'Pease District Park', address: '1100 Kingsbury St, Austin, TX', lat: 30.283, lng: -97.753 },
  { name: 'Caswell Tennis Center', address: '2312 Shoal Creek Blvd, Austin, TX', lat: 30.2853, lng: -97.7502 },
  { name: 'Govalle Park', address: '5200 Bolm Rd, Austin, TX', lat: 30.2578, lng: -97.6958 },
] as const;
type PlaceName = (typeof demoPlaces)[number]['name'];

interface DemoEvent {
  title: string;
  gameType: string;
  place: PlaceName;
  /** Days from today to the first date, or the ISO weekday of the first date in the coming week. */
  first: { inDays: number } | { weekday: number };
  time: string;
  minutes: number;
  repeat?: { weekdays: number[]; count: number };
  slots: number;
  skillLevel?: 'all' | 'beginner' | 'intermediate' | 'advanced';
  priceCents?: number;
  creator: 'demo' | number;
  team?: string;
  joined: number;
  waiting?: number;
  demoJoins?: boolean;
  cancelled?: boolean;
  description: string;
}

const demoEvents: DemoEvent[] = [
  {
    title: 'Tuesday Night Pickup Soccer',
    gameType: 'Soccer',
    place: 'Krieg Fields',
    first: { weekday: 2 },
    time: '19:00',
    minutes: 120,
    repeat: { weekdays: [2], count: 12 },
    slots: 22,
    creator: 'demo',
    team: 'Austin Pickup Soccer',
    joined: 14,
    description: 'Full-field pickup under the lights. Bring a light and a dark shirt.',
  },
  {
    title: 'Sunday Morning 7v7',
    gameType: 'Soccer',
    place: 'Zilker Park Great Lawn',
    first: { weekday: 7 },
    time: '09:00',
    minutes: 120,
    repeat: { weekdays: [7], count: 10 },
    slots: 14,
    creator: 2,
    joined: 14,
    waiting: 3,
    demoJoins: true,
    description: 'Small-sided games, rotating teams every 10 minutes.',
  },
  {
    title: 'Pickleball Ladder Warm-up',
    gameType: 'Pickleball',
    place: 'Pan Am Recreation Center',
    first: { weekday: 3 },
    time: '18:00',
    minutes: 120,
    repeat: { weekdays: [3, 5], count: 16 },
    slots: 16,
    creator: 0,
    team: 'Eastside Pickleball Club',
    joined: 9,
    description: 'Open play before ladder night. Paddles to borrow at the desk.',
  },
  {
    title: 'Beginner Pickleball Clinic',
    gameType: 'Pickleball',
    place: 'Mueller Lake Park',
    first: { inDays: 3 },
    time: '10:00',
    minutes: 120,
    slots: 12,
    skillLevel: 'beginner',
    priceCents: 1000,
    creator: 4,
    joined: 5,
    description: 'Rules, scoring and the third-shot drop. No experience needed.',
  },
  {
    title: 'Lunchtime Hoops',
    gameType: 'Basketball',
    place: 'Givens District Park',
    first: { weekday: 1 },
    time: '12:00',
    minutes: 60,
    repeat: { weekdays: [1, 3, 5], count: 24 },
    slots: 10,
    creator: 6,
    joined: 8,
    demoJoins: true,
    description: 'Half-court 5v5, games to 11, winners stay.',
  },
  {
    title: 'Sand Volleyball Doubles',
    gameType: 'Volleyball',
    place: 'Zilker Park Great Lawn',
    first: { inDays: 2 },
    time: '17:30',
    minutes: 120,
    slots: 8,
    skillLevel: 'intermediate',
    creator: 8,
    joined: 6,
    description: 'King of the court doubles on the sand courts.',
  },
  {
    title: 'Ultimate Hat Tournament',
    gameType: 'Ultimate Frisbee',
    place: 'Pease District Park',
    first: { inDays: 9 },
    time: '10:00',
    minutes: 360,
    slots: 40,
    priceCents: 1500,
    creator: 1,
    joined: 22,
    demoJoins: true,
    description: 'Sign up alone, get drafted into a team. Discs and lunch included.',
  },
  {
    title: 'Tennis Singles Meetup',
    gameType: 'Tennis',
    place: 'Caswell Tennis Center',
    first: { weekday: 4 },
    time: '18:30',
    minutes: 90,
    repeat: { weekdays: [4], count: 8 },
    slots: 8,
    skillLevel: 'advanced',
    creator: 10,
    joined: 4,
    description: 'Match play for 4.0+ players. Court fees split on the day.',
  },
  {
    title: 'Softball Friday Scrimmage',
    gameType: 'Softball',
    place: 'Krieg Fields',
    first: { inDays: 4 },
    time: '18:00',
    minutes: 150,
    slots: 20,
    creator: 12,
    joined: 11,
    description: 'Slow-pitch, co-ed, all levels. Gloves to share.',
  },
  {
    title: 'Saturday Futsal',
    gameType: 'Soccer',
    place: 'Govalle Park',
    first: { weekday: 6 },
    time: '10:00',
    minutes: 120,
    repeat: { weekdays: [6], count: 8 },
    slots: 10,
    creator: 'demo',
    joined: 10,
    waiting: 2,
    description: 'Five-a-side on the hard court. Futsal ball provided.',
  },
  {
    title: 'Rainy Day Kickabout',
    gameType: 'Soccer',
    place: 'Mueller Lake Park',
    first: { inDays: 1 },
    time: '16:00',
    minutes: 90,
    slots: 12,
    creator: 'demo',
    joined: 3,
    cancelled: true,
    description: 'Called off: the fields are closed after the storm.',
  },
];

const dayMs = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const isoWeekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;

function firstDate(today: string, first: DemoEvent['first']): string {
  if ('inDays' in first) return addDays(today, first.inDays);
  // The next such weekday after today, so the first occurrence is always ahead.
  const ahead = (first.weekday - isoWeekday(today) + 7) % 7 || 7;
  return addDays(today, ahead);
}

export async function seedDemoEvents(db: Database, now: Date = new Date()): Promise<boolean> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
  const [existing] = await db.select({ total: count() }).from(places);
  if (!demo || (existing?.total ?? 0) > 0) return false;
  const players = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, '%@huddle.test'))
      .orderBy(users.createdAt, users.email)
  ).filter((player) => player.id !== demo.id);
  const teamRows = await db.select({ id: teams.id, name: teams.name }).from(teams);
  const teamId = (name: string | undefined) => teamRows.find((team) => team.name === name)?.id ?? null;

  const placeRows = demoPlaces.map((place) => ({
    id: randomUUID(),
    ...place,
    geohash: geohashOf(place.lat, place.lng),
    createdBy: demo.id,
  }));
  const today = instantToLocal(now, timeZone).slice(0, 10);
  const eventRows: (typeof events.$inferInsert)[] = [];
  const partyRows: (typeof eventParties.$inferInsert)[] = [];
  const favoriteRows: (typeof eventFavorites.$inferInsert)[] = [];

  demoEvents.forEach((event, eventIndex) => {
    const place = placeRows.find((row) => row.name === event.place);
    if (!place) throw new Error(`seed: unknown place ${event.place}`);
    const date = firstDate(today, event.first);
    const end = new Date(Date.parse(`${date}T${event.time}:00Z`) + event.minutes * 60_000).toISOString();
    const schedule: EventSchedule = {
      timeZone,
      startLocal: `${date}T${event.time}`,
      endLocal: `${end.slice(0, 10)}T${end.slice(11, 16)}`,
      repeat: event.repeat ? { weekdays: event.repeat.weekdays, until: null, count: event.repeat.count } : null,
    };
    const [first] = listOccurrences(schedule);
    if (!first) throw new Error(`seed: ${event.title} has no occurrence`);
    const id = randomUUID();
    const creatorId = event.creator === 'demo' ? demo.id : (players[event.creator]?.id ?? demo.id);
    eventRows.push({
      id,
      creatorId,
      teamId: teamId(event.team),
      placeId: place.id,
      lat: place.lat,
      lng: place.lng,
      geohash: place.geohash,
      title: event.title,
      gameType: event.gameType,
      description: event.description,
      timeZone,
      startsAt: first.startsAt,
      endsAt: first.endsAt,
      repeatWeekdays: event.repeat?.weekdays ?? null,
      repeatCount: event.repeat?.count ?? null,
      seriesEndsAt: seriesEnd(schedule),
      slots: event.slots,
      skillLevel: event.skillLevel ?? 'all',
      priceCents: event.priceCents ?? null,
      cancelledAt: event.cancelled ? now : null,
    });

    // Joiners of the first occurrence: the demo organizer where they play, then players in a
    // rotating order; the waitlist after them, in order.
    const people = [
      ...(event.demoJoins ? [demo.id] : []),
      ...players.map((_, index) => players[(index + eventIndex * 3) % players.length]?.id ?? demo.id),
    ].filter((person, index, all) => person !== creatorId && all.indexOf(person) === index);
    const joiners = people.slice(0, event.joined);
    const waiting = people.slice(event.joined, event.joined + (event.waiting ?? 0));
    [...joiners, ...waiting].forEach((userId, index) => {
      partyRows.push({
        eventId: id,
        occurrenceStartsAt: first.startsAt,
        userId,
        partySize: 1,
        status: index < joiners.length ? 'joined' : 'waitlisted',
        position: index + 1,
        createdAt: new Date(now.getTime() - (people.length - index) * 60_000),
      });
    });
    favoriteRows.push(...people.slice(0, 2 + (eventIndex % 4)).map((userId) => ({ userId, eventId: id })));
    if (eventIndex === 3 || eventIndex === 5) favoriteRows.push({ userId: demo.id, eventId: id });
  });

  await db.transaction(async (tx) => {
    await tx.insert(places).values(placeRows);
    await tx.insert(events).values(eventRows);
    await tx.insert(eventParties).values(partyRows);
    await tx.insert(eventFavorites).values(favoriteRows).onConflictDoNothing();
  });
  return true;
}
