import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, insertEvent, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seasonSessions, seasons } from '../seasons/seasons.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addSeason(teamId: string, startsOn: string, endsOn: string, sessionStartsAt: string) {
  const [season] = await t.db
    .insert(seasons)
    .values({
      teamId,
      label: `Season from ${startsOn}`,
      startsOn,
      endsOn,
      registrationOpensAt: new Date('2020-01-01T00:00:00Z'),
      registrationClosesAt: new Date('2040-01-01T00:00:00Z'),
    })
    .returning();
  if (!season) throw new Error('season insert returned nothing');
  const startsAt = new Date(sessionStartsAt);
  await t.db
    .insert(seasonSessions)
    .values({ seasonId: season.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) });
}

async function nextActivityOf(cookie: string, teamId: string): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: '/api/me/teams', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const team = (response.json().teams as { id: string; nextActivityAt: string | null }[]).find(
    (candidate) => candidate.id === teamId,
  );
  if (!team) throw new Error(`team ${teamId} missing from my-communities`);
  return team.nextActivityAt;
}

describe('my-communities next activity (issue 11)', () => {
  it('is the next event, not a session dated before its season starts', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const place = await insertPlace(t.db);
    // The season starts in 2031; one of its sessions is (wrongly) dated before that.
    await addSeason(team.id, '2031-03-01', '2031-06-01', '2031-02-20T18:00:00Z');
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      timeZone: 'America/Chicago',
      startLocal: '2030-06-04T18:00',
      endLocal: '2030-06-04T20:00',
    });
    expect(await nextActivityOf(owner.cookie, team.id)).toBe('2030-06-04T23:00:00.000Z');
  });

  it('leaves out cancelled events; with no event, a season not begun yet shows its first session', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const place = await insertPlace(t.db);
    await addSeason(team.id, '2031-03-01', '2031-06-01', '2031-03-08T18:00:00Z');
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      cancelledAt: new Date(),
    });
    expect(await nextActivityOf(owner.cookie, team.id)).toBe('2031-03-08T18:00:00.000Z');
  });

  it('is a session of a season under way when it comes before the next event', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const place = await insertPlace(t.db);
    await addSeason(team.id, '2020-01-01', '2035-12-31', '2030-01-05T18:00:00Z');
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, teamId: team.id });
    expect(await nextActivityOf(owner.cookie, team.id)).toBe('2030-01-05T18:00:00.000Z');
  });
});
