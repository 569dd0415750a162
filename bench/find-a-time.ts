// npm run bench:find-a-time: "Find a time" (issue 34 part 1, decision 079) at the size the issue
// names: a team of 500 members over a 21-day window, on PostgreSQL. Creates a throw-away database
// on BENCH_DATABASE_URL's server (default: the local one), applies the app's migrations, and fills
// it: 450 members with weekly availability in four US zones (evenings, weekend mornings, a few
// date-specific exceptions), 50 without any, and 120 games in the window that 5-15 members joined.
// Then times the service as the route runs it (the team's role check, the two reads, the ranking,
// the reply checked against its schema and turned into JSON) and prints p50 / p95 / p99 and the
// load average; the goal is p95 under 300 ms. The first search sends the 50 nudges (warm-up, not
// timed). Drops the database at the end (BENCH_KEEP=1 keeps it). It asserts nothing: the figures
// are for people to read (bench/README.md).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { weekDays, type AvailabilityBody } from '../packages/shared/src/availability.ts';
import { localToInstant } from '../packages/shared/src/event-occurrences.ts';
import { findATimeReply } from '../packages/shared/src/find-a-time.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/features/accounts/accounts.schema.ts';
import { availabilities } from '../apps/server/src/features/availability/availability.schema.ts';
import { eventParties, events } from '../apps/server/src/features/events/events.schema.ts';
import { findATime, type FindATimeDeps } from '../apps/server/src/features/find-a-time/find-a-time.service.ts';
import { places } from '../apps/server/src/features/places/places.schema.ts';
import { teamMembers, teams } from '../apps/server/src/features/teams/teams.schema.ts';
import { seededRandom } from '../packages/shared/src/team-balance.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keep = process.env.BENCH_KEEP === '1';
const databaseName = `huddle_bench_find_a_time_${randomBytes(4).toString('hex')}`;
const samples = Number(process.env.BENCH_SAMPLES ?? 100);
const warmup = 10;
const goalMs = 300;
const memberCount = 500;
const withoutAvailability = 50;
const teamZone = 'America/Chicago';
const zones = [
  'America/Chicago',
  'America/Chicago',
  'America/Chicago',
  'America/New_York',
  'America/Denver',
  'America/Los_Angeles',
];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const databaseUrl = () => Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

const random = seededRandom(34);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Evenings on some weekdays, mornings at the weekend; every member a little different. */
function weeklyOf(): AvailabilityBody['weekly'] {
  return Object.fromEntries(
    weekDays.map((day) => {
      const weekend = day === 'saturday' || day === 'sunday';
      if (random() < (weekend ? 0.3 : 0.45)) return [day, { isAvailable: false, ranges: [] }];
      const start = weekend ? 8 * 60 + 30 * Math.floor(random() * 6) : 16 * 60 + 30 * Math.floor(random() * 5);
      const ranges = [
        { start: clock(start), end: clock(Math.min(start + 120 + 30 * Math.floor(random() * 6), 23 * 60)) },
      ];
      if (weekend && random() < 0.4) ranges.push({ start: '17:00', end: '20:00' });
      return [day, { isAvailable: true, ranges }];
    }),
  ) as AvailabilityBody['weekly'];
}

const today = new Date();
const startDate = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
const dateIn = (days: number) =>
  new Date(Date.parse(`${startDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  await admin(`create database ${databaseName}`);
  const handle = await openDatabase(databaseUrl());
  try {
    await runMigrations(databaseUrl());
    const { db } = handle;
    const started = performance.now();
    const people = Array.from({ length: memberCount }, (_, index) => ({
      id: `bench-member-${index}`,
      email: `member${index}@bench.test`,
      name: `Member ${String(index).padStart(3, '0')}`,
    }));
    await db.insert(users).values(people);
    const [team] = await db
      .insert(teams)
      .values({
        kind: 'team',
        name: 'Bench Kickers',
        gameType: 'Soccer',
        timeZone: teamZone,
        joinPolicy: 'open',
        visibility: 'public',
      })
      .returning();
    await db.insert(teamMembers).values(
      people.map((person, index) => ({
        teamId: team!.id,
        userId: person.id,
        role: index === 0 ? 'owner' : 'player',
      })),
    );
    await db.insert(availabilities).values(
      people.slice(withoutAvailability).map((person) => ({
        userId: person.id,
        weekly: weeklyOf(),
        dates:
          random() < 0.2
            ? [{ date: dateIn(Math.floor(random() * 21)), ranges: [{ start: '10:00', end: '12:00' }] }]
            : [],
        timeZone: pick(zones),
      })),
    );
    const [place] = await db
      .insert(places)
      .values({ name: 'Bench Field', address: '1 Bench St', lat: 30.27, lng: -97.74, geohash: '9v6kp' })
      .returning();
    for (let game = 0; game < 120; game += 1) {
      const startLocal = `${dateIn(Math.floor(random() * 21))}T${clock(17 * 60 + 30 * Math.floor(random() * 6))}`;
      const startsAt = localToInstant(startLocal, teamZone);
      const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
      const [event] = await db
        .insert(events)
        .values({
          title: `Game ${game}`,
          gameType: 'Soccer',
          slots: 20,
          creatorId: people[0]!.id,
          placeId: place!.id,
          lat: place!.lat,
          lng: place!.lng,
          geohash: place!.geohash,
          timeZone: teamZone,
          startsAt,
          endsAt,
          seriesEndsAt: endsAt,
        })
        .returning();
      const joiners = new Set(Array.from({ length: 5 + Math.floor(random() * 11) }, () => pick(people).id));
      await db.insert(eventParties).values(
        [...joiners].map((userId, position) => ({
          eventId: event!.id,
          occurrenceStartsAt: startsAt,
          userId,
          status: 'joined',
          position,
        })),
      );
    }
    await db.execute(sql`analyze`);
    console.log(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    let mails = 0;
    const deps = {
      db,
      clock: { now: () => new Date() },
      mailer: { send: async () => void (mails += 1) },
      jobs: { send: async () => undefined },
      realtime: { send: () => undefined, sendMany: () => undefined },
      publicOrigin: 'http://localhost:3000',
      log: pino({ level: 'silent' }),
    } as unknown as FindATimeDeps;
    const search = async () => {
      const reply = await findATime(deps, {
        actorId: people[0]!.id,
        teamId: team!.id,
        body: { startDate, days: 21, durationMinutes: 90, earliest: '08:00', latest: '22:00' },
      });
      return JSON.stringify(findATimeReply.parse(reply));
    };

    let size = 0;
    for (let index = 0; index < warmup; index += 1) size = (await search()).length;
    const durations: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      const begun = performance.now();
      await search();
      durations.push(performance.now() - begun);
    }
    durations.sort((a, b) => a - b);
    const at = (share: number) => durations[Math.min(durations.length - 1, Math.floor(share * durations.length))]!;
    const figure = (value: number) => `${value.toFixed(1)} ms`;
    const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
    console.log(
      `find a time: ${memberCount} members (${withoutAvailability} without availability) × 21 days, 90-minute games, ${samples} searches`,
    );
    console.log(
      `  p50 ${figure(at(0.5))}   p95 ${figure(at(0.95))}   p99 ${figure(at(0.99))}   max ${figure(durations.at(-1)!)}`,
    );
    console.log(`  reply ${(size / 1024).toFixed(0)} KiB; nudge mails sent once: ${mails}`);
    console.log(`  goal: under ${goalMs} ms (p95 ${at(0.95) < goalMs ? 'meets it' : 'misses it'})`);
    console.log(`  load average: ${one} ${five} ${fifteen} (1, 5, 15 min)`);
  } finally {
    await handle.close();
    if (!keep) await admin(`drop database ${databaseName} with (force)`);
  }
}

await main();
