import { yearRangeMessage } from '@huddle/shared/dates';
import { seasonFeeNeedsOwnerStripeMessage, seasonFeeNeedsStripeMessage } from '@huddle/shared/paid-games';
import { noChangeMessage } from '@huddle/shared/partial-update';
import { registrationAfterEndMessage } from '@huddle/shared/seasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../teams/teams.schema.ts';
import { createTeamAs, markChargesEnabled, signUpBodyFor, signUpUser, verifyEmailOf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const hour = 60 * 60 * 1000;
function seasonBody(overrides: Record<string, unknown> = {}) {
  return {
    label: 'Spring 2027',
    startsOn: '2027-03-01',
    endsOn: '2027-05-31',
    registrationOpensAt: new Date(Date.now() - hour).toISOString(),
    registrationClosesAt: '2027-02-28T23:00:00Z',
    capacity: null,
    // Free: a season with a fee is registered for through Checkout (paid-games tests).
    feeCents: null,
    status: 'published',
    ...overrides,
  };
}

async function teamWithSeason(
  seasonOverrides: Record<string, unknown> = {},
  teamOverrides: Record<string, unknown> = {},
) {
  const owner = await signUpUser(t.app);
  const team = await createTeamAs(t.app, owner.cookie, teamOverrides);
  // A fee is paid to the owner: it needs their Stripe account able to take charges.
  if (seasonOverrides.feeCents) await markChargesEnabled(t.db, owner.user.id);
  const response = await call('POST', `/api/teams/${team.id}/seasons`, owner.cookie, seasonBody(seasonOverrides));
  if (response.statusCode !== 201) throw new Error(response.body);
  return { owner, team, season: response.json() as { id: string } };
}

describe('seasons', () => {
  it('are created by organizers and listed on the team', async () => {
    const { team, season } = await teamWithSeason({ feeCents: 4500 });
    const listed = (await call('GET', `/api/teams/${team.id}/seasons`)).json().seasons;
    expect(listed).toEqual([
      expect.objectContaining({
        id: season.id,
        label: 'Spring 2027',
        registrationOpen: true,
        feeCents: 4500,
        registeredCount: 0,
      }),
    ]);
  });

  it('refuse a fee beside the field until the team’s owner can take charges, on create and edit', async () => {
    const { team, season, owner } = await teamWithSeason();
    const organizer = await signUpUser(t.app);
    await t.db.insert(teamMembers).values({ teamId: team.id, userId: organizer.user.id, role: 'organizer' });
    const withFee = seasonBody({ feeCents: 4500 });
    for (const [who, message] of [
      [owner, seasonFeeNeedsStripeMessage],
      // An organizer cannot connect the owner's account: told who must.
      [organizer, seasonFeeNeedsOwnerStripeMessage],
    ] as const) {
      for (const [method, url] of [
        ['POST', `/api/teams/${team.id}/seasons`],
        ['PUT', `/api/seasons/${season.id}`],
      ] as const) {
        const refused = await call(method, url, who.cookie, withFee);
        expect(refused.statusCode, `${method} ${who.user.email}`).toBe(400);
        expect(refused.json().error.fields).toEqual({ feeCents: [message] });
      }
    }
    // Nothing was written: the season is still free, and the team has one season.
    expect((await call('GET', `/api/seasons/${season.id}`)).json().feeCents).toBeNull();
    expect((await call('GET', `/api/teams/${team.id}/seasons`)).json().seasons).toHaveLength(1);
    // The organizer's own account does not help: the owner is paid.
    await markChargesEnabled(t.db, organizer.user.id);
    expect((await call('PUT', `/api/seasons/${season.id}`, organizer.cookie, withFee)).statusCode).toBe(400);
    await markChargesEnabled(t.db, owner.user.id);
    const edited = await call('PUT', `/api/seasons/${season.id}`, organizer.cookie, withFee);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().feeCents).toBe(4500);
  });

  it.each([
    ['an end before the start', { endsOn: '2027-02-01' }, 'endsOn'],
    [
      'registration closing before it opens',
      { registrationOpensAt: '2027-02-28T23:00:00Z', registrationClosesAt: '2027-01-01T00:00:00Z' },
      'registrationClosesAt',
    ],
    [
      'registration closing after the season ends',
      { registrationClosesAt: '2027-06-05T00:00:00Z' },
      'registrationClosesAt',
    ],
    ['a capacity of zero', { capacity: 0 }, 'capacity'],
  ])('refuse %s beside the field', async (_label, change, field) => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const response = await call('POST', `/api/teams/${team.id}/seasons`, owner.cookie, seasonBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });

  it("lets registration close up to the end of the last day on the team's clock, not UTC's", async () => {
    // 2027-06-01T03:00Z is still May 31 in Chicago (22:00 CDT) but June 1 in UTC.
    const lateEvening = { endsOn: '2027-05-31', registrationClosesAt: '2027-06-01T03:00:00.000Z' };
    const { team, season, owner } = await teamWithSeason(lateEvening, { timeZone: 'America/Chicago' });
    expect((await call('GET', `/api/seasons/${season.id}`)).json()).toMatchObject(lateEvening);
    // An hour past midnight in Chicago is after the season, whether created or edited.
    const pastMidnight = { ...lateEvening, registrationClosesAt: '2027-06-01T06:00:00Z' };
    for (const [method, url] of [
      ['POST', `/api/teams/${team.id}/seasons`],
      ['PUT', `/api/seasons/${season.id}`],
    ] as const) {
      const refused = await call(method, url, owner.cookie, seasonBody(pastMidnight));
      expect(refused.statusCode, method).toBe(400);
      expect(refused.json().error.fields.registrationClosesAt).toEqual([registrationAfterEndMessage]);
    }
    // A team in UTC gets UTC's day.
    const utcOwner = await signUpUser(t.app);
    const utcTeam = await createTeamAs(t.app, utcOwner.cookie, { timeZone: 'UTC' });
    const utc = await call('POST', `/api/teams/${utcTeam.id}/seasons`, utcOwner.cookie, seasonBody(lateEvening));
    expect(utc.json().error.fields.registrationClosesAt).toEqual([registrationAfterEndMessage]);
  });

  it('cannot be created, changed or read in draft by a player or an outsider', async () => {
    const { team, season, owner } = await teamWithSeason();
    const player = await signUpUser(t.app);
    await call('POST', `/api/teams/${team.id}/join`, player.cookie);
    expect((await call('POST', `/api/teams/${team.id}/seasons`, player.cookie, seasonBody())).statusCode).toBe(403);
    expect((await call('PUT', `/api/seasons/${season.id}`, player.cookie, seasonBody())).statusCode).toBe(403);
    expect((await call('GET', `/api/seasons/${season.id}/registrations`, player.cookie)).statusCode).toBe(403);
    const draft = (
      await call(
        'POST',
        `/api/teams/${team.id}/seasons`,
        owner.cookie,
        seasonBody({ status: 'draft', label: 'Hidden' }),
      )
    ).json();
    expect((await call('GET', `/api/seasons/${draft.id}`, player.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team.id}/seasons`, player.cookie)).json().seasons).toHaveLength(1);
  });

  it('get groups and weekly sessions (a team made before teams had a zone: every 7 × 24 hours)', async () => {
    const { owner, season } = await teamWithSeason();
    const withGroup = await call('POST', `/api/seasons/${season.id}/groups`, owner.cookie, { name: 'Division A' });
    expect(withGroup.json().groups.map((group: { name: string }) => group.name)).toEqual(['Division A']);
    const series = await call('POST', `/api/seasons/${season.id}/sessions`, owner.cookie, {
      title: 'League night',
      startsAt: '2027-03-02T18:00:00-06:00',
      durationMinutes: 90,
      repeatWeeklyUntil: '2027-03-23',
    });
    expect(series.statusCode).toBe(201);
    const starts = series.json().sessions.map((session: { startsAt: string }) => session.startsAt);
    expect(starts).toEqual([
      '2027-03-03T00:00:00.000Z',
      '2027-03-10T00:00:00.000Z',
      '2027-03-17T00:00:00.000Z',
      '2027-03-24T00:00:00.000Z',
    ]);
    expect((await call('GET', `/api/seasons/${season.id}/sessions`)).json().sessions).toHaveLength(4);
  });

  it('repeat at the same wall-clock time in the team’s zone across a daylight-saving change', async () => {
    const { owner, season, team } = await teamWithSeason({}, { timeZone: 'America/Chicago' });
    expect((await call('GET', `/api/teams/${team.id}`, owner.cookie)).json().timeZone).toBe('America/Chicago');
    const series = await call('POST', `/api/seasons/${season.id}/sessions`, owner.cookie, {
      title: 'League night',
      startsAt: '2027-03-02T18:00:00-06:00',
      durationMinutes: 90,
      repeatWeeklyUntil: '2027-03-23',
    });
    const sessions = series.json().sessions as { startsAt: string; endsAt: string }[];
    // 6 PM every Tuesday: CST until March 14, CDT after.
    expect(sessions.map((session) => session.startsAt)).toEqual([
      '2027-03-03T00:00:00.000Z',
      '2027-03-10T00:00:00.000Z',
      '2027-03-16T23:00:00.000Z',
      '2027-03-23T23:00:00.000Z',
    ]);
    expect(sessions[2]?.endsAt).toBe('2027-03-17T00:30:00.000Z');
  });

  it('refuses a team time zone that does not exist', async () => {
    const owner = await signUpUser(t.app);
    const response = await call('POST', '/api/teams', owner.cookie, {
      kind: 'team',
      name: 'Nowhere FC',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.timeZone).toEqual(['Choose a valid time zone.']);
  });
});

describe('registrations', () => {
  it('register a player once; they appear on the player card by email', async () => {
    const { season, team } = await teamWithSeason({ label: 'Card Season' }, { name: 'Card FC' });
    const player = await signUpUser(t.app);
    const registered = await call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {});
    expect(registered.statusCode).toBe(201);
    expect((await call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {})).statusCode).toBe(409);
    const mine = (await call('GET', '/api/me/registrations', player.cookie)).json().registrations;
    expect(mine).toEqual([
      expect.objectContaining({
        teamId: team.id,
        teamName: 'Card FC',
        seasonLabel: 'Card Season',
        startsOn: '2027-03-01',
      }),
    ]);
  });

  it('take guests with name and email, claimed when they sign up later and verify the email', async () => {
    const { season } = await teamWithSeason();
    const body = signUpBodyFor();
    const asGuest = await call('POST', `/api/seasons/${season.id}/registrations`, '', {
      guest: { name: 'Walk In', email: body.email },
    });
    expect(asGuest.statusCode).toBe(201);
    expect(asGuest.json().userId).toBeNull();
    expect((await call('POST', `/api/seasons/${season.id}/registrations`, '', {})).statusCode).toBe(401);
    const signUp = await call('POST', '/api/auth/sign-up', '', body);
    const cookie = String(signUp.headers['set-cookie']).split(';')[0] as string;
    expect((await call('GET', '/api/me/registrations', cookie)).json().registrations).toEqual([]);
    await verifyEmailOf(t.app, t.db, body.email);
    const mine = (await call('GET', '/api/me/registrations', cookie)).json().registrations;
    expect(mine).toHaveLength(1);
  });

  it('refuse a closed season with a clear message', async () => {
    const { season } = await teamWithSeason({ registrationOpensAt: '2027-01-01T00:00:00Z' });
    const player = await signUpUser(t.app);
    const response = await call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Registration for this season is closed.');
  });

  it('refuse year 0 and far-off dates with field messages (PostgreSQL has no year 0)', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const yearZero = seasonBody({
      startsOn: '0000-01-01',
      endsOn: '0000-12-31',
      registrationOpensAt: '0000-01-01T00:00:00Z',
      registrationClosesAt: '0000-06-01T00:00:00Z',
    });
    const response = await call('POST', `/api/teams/${team.id}/seasons`, owner.cookie, yearZero);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      startsOn: [yearRangeMessage],
      endsOn: [yearRangeMessage],
      registrationOpensAt: [yearRangeMessage],
      registrationClosesAt: [yearRangeMessage],
    });
    const { season, owner: organizer } = await teamWithSeason();
    const farOff = await call('POST', `/api/seasons/${season.id}/sessions`, organizer.cookie, {
      title: null,
      startsAt: '2201-03-01T18:00:00Z',
      durationMinutes: 60,
      repeatWeeklyUntil: null,
    });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json().error.fields).toEqual({ startsAt: [yearRangeMessage] });
  });

  it('never exceed capacity, however many register at once', async () => {
    const { season, owner } = await teamWithSeason({ capacity: 3 });
    const players = await Promise.all(Array.from({ length: 8 }, () => signUpUser(t.app)));
    const responses = await Promise.all(
      players.map((player) => call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {})),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(responses.find((response) => response.statusCode === 409)?.json().error.message).toBe(
      'This season is full.',
    );
    expect(
      (await call('GET', `/api/seasons/${season.id}/registrations`, owner.cookie)).json().registrations,
    ).toHaveLength(3);
  });

  it('are approved, moved between groups, exported as CSV and removed by organizers', async () => {
    const { season, owner } = await teamWithSeason();
    const player = await signUpUser(t.app, { name: 'Csv Person' });
    const registration = (await call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {})).json();
    const group = (await call('POST', `/api/seasons/${season.id}/groups`, owner.cookie, { name: 'Squad B' })).json()
      .groups[0];
    const moved = await call('PATCH', `/api/seasons/${season.id}/registrations/${registration.id}`, owner.cookie, {
      status: 'approved',
      groupId: group.id,
    });
    expect(moved.json()).toMatchObject({ status: 'approved', groupId: group.id });
    // An empty change set is refused by the schema, as every PATCH's is (decision 061; it was a 500).
    const unchanged = await call(
      'PATCH',
      `/api/seasons/${season.id}/registrations/${registration.id}`,
      owner.cookie,
      {},
    );
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().error.fields).toEqual({ _: [noChangeMessage] });
    expect(
      (
        await call('PATCH', `/api/seasons/${season.id}/registrations/${registration.id}`, player.cookie, {
          status: 'approved',
        })
      ).statusCode,
    ).toBe(403);

    const csv = await call('GET', `/api/seasons/${season.id}/registrations.csv`, owner.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('Name,Email,Status,Group,Account,Registered at');
    expect(csv.body).toContain(`${player.body.email},approved,Squad B,member`);
    expect((await call('GET', `/api/seasons/${season.id}/registrations.csv`, player.cookie)).statusCode).toBe(403);

    expect(
      (await call('DELETE', `/api/seasons/${season.id}/registrations/${registration.id}`, owner.cookie)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/me/registrations', player.cookie)).json().registrations).toEqual([]);
  });

  it('are exported with formulas neutralised, whoever typed them (OWASP CSV injection)', async () => {
    const { season, owner } = await teamWithSeason();
    const formula = '=HYPERLINK("https://evil.example/steal","Click me")';
    const guest = await call('POST', `/api/seasons/${season.id}/registrations`, '', {
      guest: { name: formula, email: 'mallory@example.com' },
    });
    expect(guest.statusCode).toBe(201);
    const group = (await call('POST', `/api/seasons/${season.id}/groups`, owner.cookie, { name: '@SUM(1+1)*cmd' }))
      .json()
      .groups.at(-1);
    await call('PATCH', `/api/seasons/${season.id}/registrations/${guest.json().id}`, owner.cookie, {
      groupId: group.id,
    });
    const player = await signUpUser(t.app, { name: '-2+3 Kim' });
    await call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {});
    const csv = (await call('GET', `/api/seasons/${season.id}/registrations.csv`, owner.cookie)).body;
    const cells = csv.split('\n').flatMap((line) => line.split(','));
    expect(cells).toContain(`"'=HYPERLINK(""https://evil.example/steal""`);
    expect(cells).toContain("'-2+3 Kim");
    expect(cells).toContain("'@SUM(1+1)*cmd");
    expect(cells.filter((cell) => /^"?[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('go with their team, leaving no orphans on the player card', async () => {
    const { season, owner, team } = await teamWithSeason();
    const player = await signUpUser(t.app);
    await call('POST', `/api/seasons/${season.id}/registrations`, player.cookie, {});
    await call('DELETE', `/api/teams/${team.id}`, owner.cookie);
    expect((await call('GET', '/api/me/registrations', player.cookie)).json().registrations).toEqual([]);
  });
});
