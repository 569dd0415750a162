import { count, eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { demoAccount } from './seed.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { teams } from '../features/teams/teams.schema.ts';
import { tournaments } from '../features/tournaments/tournaments.schema.ts';
import {
  createTournament,
  enterScore,
  generateSchedule,
  setEntrants,
} from '../features/tournaments/tournaments.service.ts';
import { createRealtimeHub } from '../lib/realtime-hub.ts';

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/**
 * The demo's tournament (issue 16), so `tournament` and the soccer community's page are not empty on
 * first start: a six-team single elimination at Zilker Park ten days out, its schedule made and its
 * first match played. Made through the tournaments service, so the bracket follows its rules. The
 * realtime hub is the in-process one: at first start nobody is connected to be told. Runs once:
 * nothing is added when any tournament exists, or without the demo community.
 */
export async function seedDemoTournament(db: Database, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(tournaments);
  if ((existing?.total ?? 0) > 0) return false;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
  const [league] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, 'Austin Pickup Soccer'));
  if (!demo || !league) return false;
  const deps = { db, realtime: createRealtimeHub(), clock: { now: () => now } };
  // 15:00 UTC is 9 AM in Austin.
  const startsAt = new Date(Math.floor((now.getTime() + 10 * dayMs) / dayMs) * dayMs + 15 * hourMs);
  const created = await createTournament(db, {
    actorId: demo.id,
    teamId: league.id,
    tournament: {
      name: 'Austin Winter Cup',
      format: 'single_elimination',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 7 * hourMs).toISOString(),
      placeName: 'Zilker Park',
      courts: ['Field 1', 'Field 2'],
      matchMinutes: 40,
      pools: 1,
      advancePerPool: 0,
      captainsEnterScores: false,
    },
  });
  const names = [
    'East Austin FC',
    'Zilker Rovers',
    'Mueller United',
    'Barton Creek Athletic',
    'South Congress SC',
    'Hyde Park Hotspurs',
  ];
  await setEntrants(db, { actorId: demo.id, tournamentId: created.id, entrants: names.map((name) => ({ name })) });
  const scheduled = await generateSchedule(deps, { actorId: demo.id, tournamentId: created.id });
  const first = scheduled.matches.find((match) => match.round === 1 && match.home.entrantId && match.away.entrantId);
  if (first) {
    await enterScore(deps, {
      actorId: demo.id,
      tournamentId: created.id,
      matchId: first.id,
      score: { homeScore: 3, awayScore: 1, version: first.version },
    });
  }
  return true;
}
