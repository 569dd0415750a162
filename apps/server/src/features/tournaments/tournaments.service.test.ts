import { scoreConflictMessage, type TournamentDetail, type TournamentMatch } from '@huddle/shared/tournaments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRealtime, createTeamAs, createTeamCast, nextRealtimeEvent, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';

/** Issue 16: organizers run a tournament from entrants to champion; scores advance winners (decision 050). */
let t: TestApp;
let cast: Awaited<ReturnType<typeof createTeamCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createTeamCast(t, {
    team: 'Riverside Pickleball',
    owner: 'Olive Owner',
    organizer: 'Oscar Organizer',
    player: 'Pia Player',
    outsider: 'Otto Outsider',
  });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const tournamentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring Smash',
  format: 'single_elimination',
  startsAt: '2030-04-05T09:00:00Z',
  endsAt: '2030-04-05T18:00:00Z',
  placeName: 'Zilker Courts',
  courts: ['Court 1', 'Court 2'],
  matchMinutes: 30,
  captainsEnterScores: false,
  ...overrides,
});

async function newTournament(overrides: Record<string, unknown> = {}, names = ['A', 'B', 'C', 'D', 'E']) {
  const created = await call(
    'POST',
    `/api/teams/${cast.teamId}/tournaments`,
    cast.organizer.cookie,
    tournamentBody(overrides),
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const entered = await call('PUT', `/api/tournaments/${id}/entrants`, cast.organizer.cookie, {
    entrants: names.map((name) => ({ name })),
  });
  expect(entered.statusCode, entered.body).toBe(200);
  return id;
}

async function schedule(id: string): Promise<TournamentDetail> {
  const response = await call('POST', `/api/tournaments/${id}/schedule`, cast.organizer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const score = (
  id: string,
  match: TournamentMatch,
  homeScore: number,
  awayScore: number,
  cookie = cast.organizer.cookie,
) =>
  call('PUT', `/api/tournaments/${id}/matches/${match.id}/score`, cookie, {
    homeScore,
    awayScore,
    version: match.version,
  });

const byKey = (detail: TournamentDetail, key: string) => detail.matches.find((match) => match.key === key)!;

describe('a single elimination of five', () => {
  it('gives the top three seeds byes, schedules on the courts, advances winners, and names the champion', async () => {
    const id = await newTournament();
    let detail = await schedule(id);
    expect(detail.matches.map((match) => `${match.key} ${match.home.placeholder} v ${match.away.placeholder}`)).toEqual(
      ['W1-2 D v E', 'W2-2 B v C', 'W2-1 A v Winner of W1-2', 'W3-1 Winner of W2-1 v Winner of W2-2'],
    );
    expect(byKey(detail, 'W1-2')).toMatchObject({ court: 'Court 1', startsAt: '2030-04-05T09:00:00.000Z' });
    expect(byKey(detail, 'W2-1').home.name).toBe('A');
    expect(byKey(detail, 'W2-1').away.name).toBeNull();

    detail = (await score(id, byKey(detail, 'W1-2'), 11, 7)).json();
    expect(byKey(detail, 'W2-1').away.name).toBe('D');
    detail = (await score(id, byKey(detail, 'W2-1'), 9, 11)).json();
    detail = (await score(id, byKey(detail, 'W2-2'), 11, 3)).json();
    expect(detail.championName).toBeNull();
    const final = await score(id, byKey(detail, 'W3-1'), 11, 8);
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json().championName).toBe('D');

    // Public: anyone reads it, signed out too.
    const read = await call('GET', `/api/tournaments/${id}`);
    expect(read.json()).toMatchObject({ championName: 'D', manages: false });
    expect(read.json().matches.every((match: TournamentMatch) => !match.canScore)).toBe(true);
    const listed = await call('GET', `/api/teams/${cast.teamId}/tournaments`);
    expect(listed.json().tournaments.find((item: { id: string }) => item.id === id).championName).toBe('D');
  });

  it('refuses a draw in a knockout, a score before both sides are known, and entrants after the schedule', async () => {
    const id = await newTournament();
    const detail = await schedule(id);
    const draw = await score(id, byKey(detail, 'W1-2'), 5, 5);
    expect(draw.statusCode).toBe(400);
    expect(draw.json().error.fields.homeScore).toEqual(['A knockout match needs a winner.']);
    expect((await score(id, byKey(detail, 'W3-1'), 5, 3)).statusCode).toBe(409);
    const again = await call('PUT', `/api/tournaments/${id}/entrants`, cast.organizer.cookie, {
      entrants: [{ name: 'Z' }],
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets a score be corrected until the next match is played with its winner', async () => {
    const id = await newTournament();
    let detail = await schedule(id);
    detail = (await score(id, byKey(detail, 'W1-2'), 11, 7)).json();
    detail = (await score(id, byKey(detail, 'W1-2'), 7, 11)).json();
    expect(byKey(detail, 'W2-1').away.name).toBe('E');
    detail = (await score(id, byKey(detail, 'W2-1'), 11, 2)).json();
    const late = await score(id, byKey(detail, 'W1-2'), 11, 7);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('A later match has been played with this winner; change that score first.');
  });
});

describe('concurrent score entry on one match', () => {
  it('accepts one of many simultaneous scores; the others are told, and the winner advances once', async () => {
    const id = await newTournament();
    const detail = await schedule(id);
    const match = byKey(detail, 'W1-2');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) => score(id, match, index % 2 === 0 ? 11 : 3, index % 2 === 0 ? 3 : 11)),
    );
    const codes = attempts.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const refused = attempts.find((response) => response.statusCode === 409)!;
    expect(refused.json().error.message).toBe(scoreConflictMessage);
    const after: TournamentDetail = (await call('GET', `/api/tournaments/${id}`)).json();
    const stored = byKey(after, 'W1-2');
    expect(stored.version).toBe(1);
    const winnerName = stored.homeScore! > stored.awayScore! ? 'D' : 'E';
    expect(byKey(after, 'W2-1').away.name).toBe(winnerName);
  });

  it('keeps a pool’s knockout sides right when its last two matches are scored at once', async () => {
    const id = await newTournament({ format: 'round_robin', pools: 1, advancePerPool: 2 }, ['A', 'B', 'C', 'D']);
    let detail = await schedule(id);
    const pool = detail.matches.filter((match) => match.stage === 'pool');
    // Every pool match but two, then the last two together: A wins all, B wins all but vs A.
    const result = (match: TournamentMatch): [number, number] => {
      const rank = (name: string | null) => 'ABCD'.indexOf(name!);
      return rank(match.home.name) < rank(match.away.name) ? [11, 5] : [5, 11];
    };
    for (const match of pool.slice(0, -2)) detail = (await score(id, match, ...result(match))).json();
    const lastTwo = pool.slice(-2);
    const answers = await Promise.all(lastTwo.map((match) => score(id, match, ...result(match))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    detail = (await call('GET', `/api/tournaments/${id}`)).json();
    expect(detail.standings[0]!.rows.map((row) => row.name)).toEqual(['A', 'B', 'C', 'D']);
    const final = detail.matches.find((match) => match.stage === 'knockout')!;
    expect([final.home.name, final.away.name]).toEqual(['A', 'B']);
  });
});

describe('double elimination', () => {
  it('sends the loser of the winners’ final to the losers’ final, and the champions meet in the grand final', async () => {
    const id = await newTournament({ format: 'double_elimination' }, ['A', 'B', 'C', 'D']);
    let detail = await schedule(id);
    const play = async (key: string, homeWins: boolean) => {
      detail = (await score(id, byKey(detail, key), homeWins ? 2 : 0, homeWins ? 0 : 2)).json();
    };
    await play('W1-1', true); // A beats D
    await play('W1-2', true); // B beats C
    await play('L1-1', false); // C beats D
    await play('W2-1', false); // B beats A
    expect([byKey(detail, 'L2-1').home.name, byKey(detail, 'L2-1').away.name]).toEqual(['A', 'C']);
    await play('L2-1', true); // A
    expect([byKey(detail, 'GF').home.name, byKey(detail, 'GF').away.name]).toEqual(['B', 'A']);
    await play('GF', false);
    expect(detail.championName).toBe('A');
  });
});

describe('round robin standings', () => {
  it('shows a table per pool, split by head-to-head, and crowns the single pool’s leader', async () => {
    const id = await newTournament({ format: 'round_robin', pools: 1, advancePerPool: 0 }, ['A', 'B', 'C']);
    let detail = await schedule(id);
    const scores: Record<string, [number, number]> = { 'A-B': [5, 6], 'A-C': [20, 0], 'B-C': [0, 1] };
    for (const match of detail.matches) {
      const pair = `${match.home.name}-${match.away.name}`;
      const reversed = `${match.away.name}-${match.home.name}`;
      const [home, away] = scores[pair] ?? [...scores[reversed]!].reverse();
      detail = (await score(id, match, home!, away!)).json();
    }
    // A, B, C one win each; head-to-head is a cycle; A has the best difference.
    expect(detail.standings[0]!.rows.map((row) => [row.name, row.wins, row.pointDifference])).toEqual([
      ['A', 1, 19],
      ['B', 1, 0],
      ['C', 1, -19],
    ]);
    expect(detail.championName).toBe('A');
  });
});

describe('who may do what', () => {
  it('lets only organizers create, enter, schedule and delete; captains score only when allowed', async () => {
    const forbidden = await call('POST', `/api/teams/${cast.teamId}/tournaments`, cast.player.cookie, tournamentBody());
    expect(forbidden.statusCode).toBe(403);
    const season = await t.db
      .insert(seasons)
      .values({
        teamId: cast.teamId,
        label: 'Spring',
        startsOn: '2030-03-01',
        endsOn: '2030-05-01',
        registrationOpensAt: new Date('2030-01-01T00:00:00Z'),
        registrationClosesAt: new Date('2030-02-28T00:00:00Z'),
      })
      .returning();
    const [playerRegistration, outsiderRegistration] = await t.db
      .insert(registrations)
      .values([
        {
          seasonId: season[0]!.id,
          teamId: cast.teamId,
          userId: cast.player.user.id,
          name: 'Pia Player',
          email: 'p@x.test',
        },
        {
          seasonId: season[0]!.id,
          teamId: cast.teamId,
          userId: cast.outsider.user.id,
          name: 'Otto',
          email: 'o@x.test',
        },
      ])
      .returning();
    for (const captains of [false, true]) {
      const created = await call(
        'POST',
        `/api/teams/${cast.teamId}/tournaments`,
        cast.owner.cookie,
        tournamentBody({ captainsEnterScores: captains }),
      );
      const id = created.json().id as string;
      const entrants = {
        entrants: [{ registrationId: playerRegistration!.id }, { registrationId: outsiderRegistration!.id }],
      };
      expect((await call('PUT', `/api/tournaments/${id}/entrants`, cast.player.cookie, entrants)).statusCode).toBe(403);
      expect((await call('PUT', `/api/tournaments/${id}/entrants`, cast.owner.cookie, entrants)).statusCode).toBe(200);
      expect((await call('POST', `/api/tournaments/${id}/schedule`, cast.player.cookie)).statusCode).toBe(403);
      const detail = await schedule(id);
      expect(detail.entrants.map((entrant) => [entrant.name, entrant.fromRegistration])).toEqual([
        ['Pia Player', true],
        ['Otto', true],
      ]);
      const stranger = await signUpUser(t.app);
      expect((await score(id, detail.matches[0]!, 3, 1, stranger.cookie)).statusCode).toBe(403);
      expect((await score(id, detail.matches[0]!, 3, 1, cast.player.cookie)).statusCode).toBe(captains ? 200 : 403);
      const mine = await call('GET', '/api/tournaments/mine', cast.player.cookie);
      expect(mine.json().tournaments.map((item: { id: string }) => item.id)).toContain(id);
      expect((await call('DELETE', `/api/tournaments/${id}`, cast.player.cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/tournaments/${id}`, cast.organizer.cookie)).statusCode).toBe(200);
    }
  });

  it('hides a private team’s tournaments from outsiders (404) and shows them to members', async () => {
    const privateTeam = await createTeamAs(t.app, cast.owner.cookie, { visibility: 'private' });
    const created = await call('POST', `/api/teams/${privateTeam.id}/tournaments`, cast.owner.cookie, tournamentBody());
    const id = created.json().id as string;
    expect((await call('GET', `/api/tournaments/${id}`, cast.outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/tournaments/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${privateTeam.id}/tournaments`, cast.outsider.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/tournaments/${id}`, cast.outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/tournaments/${id}`, cast.owner.cookie)).statusCode).toBe(200);
  });
});

describe('live updates (decision 055)', () => {
  const watch = async (cookie: string, id: string, address: string) => {
    const connection = await connectRealtime(t.app, cookie, { address });
    connection.socket.send(JSON.stringify({ type: 'subscribe', topic: `tournament:${id}` }));
    return connection;
  };

  it('tells a signed-out spectator watching the tournament’s topic when a score is entered', async () => {
    const id = await newTournament();
    const detail = await schedule(id);
    const spectator = await watch('', id, '192.0.2.10');
    const member = await watch(cast.player.cookie, id, '192.0.2.10');
    // The subscriptions are checked against the database first; a refusal would arrive by then.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await score(id, byKey(detail, 'W1-2'), 11, 4);
    const update = { type: 'tournament.updated', tournamentId: id, topic: `tournament:${id}` };
    expect(await nextRealtimeEvent(spectator.events, (event) => event.type === update.type)).toEqual(update);
    expect(await nextRealtimeEvent(member.events, (event) => event.type === update.type)).toEqual(update);
    spectator.socket.terminate();
    member.socket.terminate();
  });

  it('refuses a private team’s tournament topic to the signed out and to outsiders, not to members', async () => {
    const privateTeam = await createTeamAs(t.app, cast.owner.cookie, { visibility: 'private' });
    const created = await call('POST', `/api/teams/${privateTeam.id}/tournaments`, cast.owner.cookie, tournamentBody());
    const id = created.json().id as string;
    const refusal = { type: 'topic.refused', topic: `tournament:${id}` };
    for (const cookie of ['', cast.outsider.cookie]) {
      const { socket, events } = await watch(cookie, id, '192.0.2.11');
      expect(await nextRealtimeEvent(events, (event) => event.type === refusal.type)).toEqual(refusal);
      socket.terminate();
    }
    const owner = await watch(cast.owner.cookie, id, '192.0.2.11');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(owner.events).toEqual([]);
    owner.socket.terminate();
  });
});

describe('editing the details (decision 055)', () => {
  const details = (detail: TournamentDetail, overrides: Record<string, unknown> = {}) => ({
    ...tournamentBody({
      name: detail.name,
      format: detail.format,
      pools: detail.pools,
      advancePerPool: detail.advancePerPool,
      courts: detail.courts,
    }),
    version: detail.version,
    ...overrides,
  });
  const patch = (id: string, payload: object, cookie = cast.organizer.cookie) =>
    t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}`, headers: cookie ? { cookie } : {}, payload });
  const read = async (id: string): Promise<TournamentDetail> =>
    (await call('GET', `/api/tournaments/${id}`, cast.organizer.cookie)).json();

  it('saves new details from the version read, and moves the scheduled matches to the new courts and start', async () => {
    const id = await newTournament();
    const before = await schedule(id);
    const response = await patch(
      id,
      details(before, {
        name: 'Summer Smash',
        placeName: 'Town Courts',
        startsAt: '2030-04-06T10:00:00Z',
        endsAt: '2030-04-06T18:00:00Z',
        courts: ['North'],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const after: TournamentDetail = response.json();
    expect(after).toMatchObject({ name: 'Summer Smash', placeName: 'Town Courts', version: before.version + 1 });
    expect(after.scheduled).toBe(true);
    expect(new Set(after.matches.map((match) => match.court))).toEqual(new Set(['North']));
    expect(after.matches.map((match) => match.startsAt).sort()[0]).toBe('2030-04-06T10:00:00.000Z');
    expect(after.matches.map((match) => match.key).sort()).toEqual(before.matches.map((match) => match.key).sort());
  });

  it('refuses a stale version with 409 in the one error shape', async () => {
    const id = await newTournament();
    const first = await read(id);
    expect((await patch(id, details(first, { name: 'First edit' }))).statusCode).toBe(200);
    const stale = await patch(id, details(first, { name: 'Second edit' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: expect.objectContaining({ code: 'CONFLICT', message: expect.any(String) }) });
    expect((await read(id)).name).toBe('First edit');
  });

  it('accepts exactly one of ten simultaneous edits from one version', async () => {
    const id = await newTournament();
    const base = await read(id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => patch(id, details(base, { name: `Edit ${index}` }))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = responses.find((response) => response.statusCode === 200)!.json() as TournamentDetail;
    const saved = await read(id);
    expect(saved).toMatchObject({ name: winner.name, version: base.version + 1 });
  });

  it('lets the format change before any score (the schedule is made again), and refuses it after', async () => {
    const id = await newTournament({}, ['A', 'B', 'C', 'D']);
    let detail = await schedule(id);
    const changed = await patch(id, details(detail, { format: 'double_elimination' }));
    expect(changed.statusCode, changed.body).toBe(200);
    detail = changed.json();
    expect(detail).toMatchObject({ format: 'double_elimination', scheduled: false, matches: [] });
    detail = await schedule(id);
    expect(detail.matches.some((match) => match.stage === 'losers')).toBe(true);
    expect((await score(id, byKey(detail, 'W1-1'), 11, 3)).statusCode).toBe(200);
    detail = await read(id);
    expect(detail.scored).toBe(true);
    const refused = await patch(id, details(detail, { format: 'round_robin', pools: 1, advancePerPool: 0 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', fields: { format: [expect.any(String)] } });
    const entrants = await call('PUT', `/api/tournaments/${id}/entrants`, cast.organizer.cookie, {
      entrants: [{ name: 'Z' }, { name: 'Y' }],
    });
    expect(entrants.statusCode).toBe(409);
    // The rest still changes after a score.
    const renamed = await patch(id, details(detail, { name: 'Still editable', courts: ['Court 9'] }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Still editable', format: 'double_elimination', scored: true });
  });

  it('is for the organizers only: players 403, outsiders 403, signed out 401', async () => {
    const id = await newTournament();
    const detail = await read(id);
    expect((await patch(id, details(detail), cast.player.cookie)).statusCode).toBe(403);
    expect((await patch(id, details(detail), cast.outsider.cookie)).statusCode).toBe(403);
    expect((await patch(id, details(detail), '')).statusCode).toBe(401);
    expect((await patch(id, details(detail), cast.owner.cookie)).statusCode).toBe(200);
  });
});
