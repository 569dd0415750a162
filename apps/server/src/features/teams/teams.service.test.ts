import { invitationMailLimitMessage } from '@huddle/shared/teams';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import { createTeamAs, signUpUser, teamBodyFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mailRequests, teamInvitations, teamMembers } from './teams.schema.ts';

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

describe('creating a team', () => {
  it('makes the creator its owner, on the free Rookie tier', async () => {
    const owner = await signUpUser(t.app);
    const response = await call(
      'POST',
      '/api/teams',
      owner.cookie,
      teamBodyFor({ kind: 'community', name: '  Austin Pickleball  ' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'community',
      name: 'Austin Pickleball',
      subscription: 'Rookie',
      memberCount: 1,
      city: 'Austin, TX',
      viewer: { role: 'owner' },
      members: [{ id: owner.user.id, role: 'owner' }],
    });
    const mine = (await call('GET', '/api/me/teams', owner.cookie)).json().teams;
    expect(mine.map((team: { name: string; role: string }) => [team.name, team.role])).toEqual([
      ['Austin Pickleball', 'owner'],
    ]);
  });

  it('needs only a kind and a name; the rest starts at the defaults and can be set later', async () => {
    const owner = await signUpUser(t.app);
    const created = await call('POST', '/api/teams', owner.cookie, { kind: 'community', name: 'Riverside Futsal' });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team).toMatchObject({
      kind: 'community',
      name: 'Riverside Futsal',
      gameType: 'Other',
      city: null,
      description: null,
      joinPolicy: 'open',
      visibility: 'public',
      viewer: { role: 'owner' },
    });
    const edited = await call('PATCH', `/api/teams/${team.id}`, owner.cookie, {
      gameType: 'Soccer',
      city: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      joinPolicy: 'request',
    });
    expect(edited.json()).toMatchObject({ gameType: 'Soccer', city: 'Austin, TX', joinPolicy: 'request' });
    // The zone the creating browser gave is corrected later; a made-up one is refused.
    const moved = await call('PATCH', `/api/teams/${team.id}`, owner.cookie, { timeZone: 'America/Denver' });
    expect(moved.json()).toMatchObject({ timeZone: 'America/Denver' });
    const madeUp = await call('PATCH', `/api/teams/${team.id}`, owner.cookie, { timeZone: 'Mars/Olympus' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.fields.timeZone).toEqual(['Choose a valid time zone.']);
    // Someone else cannot fill them in.
    const stranger = await signUpUser(t.app);
    expect((await call('PATCH', `/api/teams/${team.id}`, stranger.cookie, { gameType: 'Rugby' })).statusCode).toBe(403);
    expect((await call('POST', '/api/teams', owner.cookie, { kind: 'team' })).json().error.fields).toHaveProperty(
      'name',
    );
  });

  it.each([
    ['a one-letter name', { name: 'A' }, 'name'],
    ['an unknown game type', { gameType: 'Quidditch' }, 'gameType'],
    ['a city outside the US list', { city: { name: 'Paris, FR', lat: 48.85, lng: 2.35 } }, 'city'],
    ['an unknown join policy', { joinPolicy: 'anyone' }, 'joinPolicy'],
  ])('refuses %s beside the field', async (_label, change, field) => {
    const owner = await signUpUser(t.app);
    const response = await call('POST', '/api/teams', owner.cookie, teamBodyFor(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });

  it('needs a session', async () => {
    expect((await call('POST', '/api/teams', '', teamBodyFor())).statusCode).toBe(401);
  });
});

describe('visibility', () => {
  it('hides a private team from outsiders as not found, and shows it to members', async () => {
    const owner = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { visibility: 'private', name: 'Secret Squad' });
    expect((await call('GET', `/api/teams/${team.id}`, outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${team.id}`, owner.cookie)).statusCode).toBe(200);
    const listed = (await call('GET', '/api/teams?search=Secret%20Squad')).json().teams;
    expect(listed).toEqual([]);
  });

  it('lists public teams by name, nearest first from the viewer’s city', async () => {
    const owner = await signUpUser(t.app);
    await createTeamAs(t.app, owner.cookie, {
      name: 'Zilker Far Club',
      city: { name: 'Dallas, TX', lat: 32.78306, lng: -96.80667 },
    });
    await createTeamAs(t.app, owner.cookie, { name: 'Zilker Near Club' });
    await call('PUT', '/api/me/profile', owner.cookie, {
      displayName: 'Owner',
      fullName: 'Team Owner',
      defaultCity: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
      games: ['Soccer'],
      pronouns: null,
      bio: null,
      joinReason: 'Organize',
    });
    const near = (await call('GET', '/api/teams?search=zilker&near=true', owner.cookie)).json().teams;
    expect(near.map((team: { name: string }) => team.name)).toEqual(['Zilker Near Club', 'Zilker Far Club']);
    expect(near[0].distanceKm).toBeLessThan(1);
    expect(near[1].distanceKm).toBeGreaterThan(250);
  });
});

describe('joining and leaving', () => {
  it('joins an open team at once; a request team waits for an organizer', async () => {
    const owner = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const open = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'open' });
    const joined = await call('POST', `/api/teams/${open.id}/join`, player.cookie);
    expect(joined.json()).toMatchObject({ outcome: 'joined', team: { viewer: { role: 'player' }, memberCount: 2 } });
    expect((await call('POST', `/api/teams/${open.id}/join`, player.cookie)).statusCode).toBe(409);

    const byRequest = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'request' });
    const asked = await call('POST', `/api/teams/${byRequest.id}/join`, player.cookie);
    expect(asked.json()).toMatchObject({
      outcome: 'requested',
      team: { viewer: { role: null, pendingRequest: true } },
    });
    // A player cannot see or answer requests.
    expect((await call('GET', `/api/teams/${byRequest.id}/join-requests`, player.cookie)).statusCode).toBe(403);
    const requests = (await call('GET', `/api/teams/${byRequest.id}/join-requests`, owner.cookie)).json().requests;
    expect(requests.map((request: { userId: string }) => request.userId)).toEqual([player.user.id]);
    const approved = await call(
      'POST',
      `/api/teams/${byRequest.id}/join-requests/${player.user.id}/approve`,
      owner.cookie,
    );
    expect(approved.json().requests).toEqual([]);
    expect((await call('GET', `/api/teams/${byRequest.id}`, player.cookie)).json().viewer.role).toBe('player');
  });

  it('declines requests, refuses joining an invitation-only team, and lets members leave', async () => {
    const owner = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const byRequest = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'request' });
    await call('POST', `/api/teams/${byRequest.id}/join`, player.cookie);
    await call('POST', `/api/teams/${byRequest.id}/join-requests/${player.user.id}/decline`, owner.cookie);
    expect((await call('GET', `/api/teams/${byRequest.id}`, player.cookie)).json().viewer).toMatchObject({
      role: null,
      pendingRequest: false,
    });

    const inviteOnly = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'invite' });
    expect((await call('POST', `/api/teams/${inviteOnly.id}/join`, player.cookie)).statusCode).toBe(403);

    const open = await createTeamAs(t.app, owner.cookie);
    await call('POST', `/api/teams/${open.id}/join`, player.cookie);
    expect((await call('POST', `/api/teams/${open.id}/leave`, player.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/teams/${open.id}/leave`, owner.cookie)).statusCode).toBe(409);
  });
});

describe('roles (spec §6)', () => {
  async function teamWithRoster() {
    const owner = await signUpUser(t.app);
    const organizer = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    await call('POST', `/api/teams/${team.id}/join`, organizer.cookie);
    await call('POST', `/api/teams/${team.id}/join`, player.cookie);
    await call('PUT', `/api/teams/${team.id}/members/${organizer.user.id}/role`, owner.cookie, { role: 'organizer' });
    return { owner, organizer, player, outsider, team };
  }

  it('lets organizers manage players, but not other organizers or the owner', async () => {
    const { owner, organizer, player, team } = await teamWithRoster();
    const substitute = await call('PUT', `/api/teams/${team.id}/members/${player.user.id}/role`, organizer.cookie, {
      role: 'substitute',
    });
    expect(substitute.statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/teams/${team.id}/members/${player.user.id}/role`, organizer.cookie, {
          role: 'organizer',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/teams/${team.id}/members/${owner.user.id}`, organizer.cookie)).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/api/teams/${team.id}/members/${owner.user.id}/role`, owner.cookie, { role: 'player' }))
        .statusCode,
    ).toBe(403);
    const removed = await call('DELETE', `/api/teams/${team.id}/members/${player.user.id}`, organizer.cookie);
    expect(removed.json().members.map((member: { id: string }) => member.id)).not.toContain(player.user.id);
  });

  it('gives a player or an outsider 403 on every management action', async () => {
    const { player, outsider, owner, team } = await teamWithRoster();
    for (const cookie of [player.cookie, outsider.cookie]) {
      expect((await call('PATCH', `/api/teams/${team.id}`, cookie, { name: 'Taken Over' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/teams/${team.id}`, cookie)).statusCode).toBe(403);
      expect((await call('POST', `/api/teams/${team.id}/invitations`, cookie, {})).statusCode).toBe(403);
      expect((await call('GET', `/api/teams/${team.id}/invitations`, cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/teams/${team.id}/members/${owner.user.id}`, cookie)).statusCode).toBe(403);
      expect(
        (await call('POST', `/api/teams/${team.id}/transfer-ownership`, cookie, { userId: player.user.id })).statusCode,
      ).toBe(403);
    }
  });

  it('lets only the owner delete the team or hand it over; the old owner stays as organizer', async () => {
    const { owner, organizer, team } = await teamWithRoster();
    expect((await call('DELETE', `/api/teams/${team.id}`, organizer.cookie)).statusCode).toBe(403);
    const handed = await call('POST', `/api/teams/${team.id}/transfer-ownership`, owner.cookie, {
      userId: organizer.user.id,
    });
    expect(handed.statusCode).toBe(200);
    const roles = Object.fromEntries(
      handed.json().members.map((member: { id: string; role: string }) => [member.id, member.role]),
    );
    expect(roles[organizer.user.id]).toBe('owner');
    expect(roles[owner.user.id]).toBe('organizer');
    expect((await call('DELETE', `/api/teams/${team.id}`, organizer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${team.id}`, organizer.cookie)).statusCode).toBe(404);
  });

  it('blocks account deletion while the user owns a team', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const refused = await call('DELETE', '/api/me', owner.cookie, { confirm: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('You own 1 team');
    await call('DELETE', `/api/teams/${team.id}`, owner.cookie);
    expect((await call('DELETE', '/api/me', owner.cookie, { confirm: 'DELETE' })).statusCode).toBe(200);
  });
});

describe('invitations', () => {
  it('joins through a link, until it is revoked', async () => {
    const owner = await signUpUser(t.app);
    const friend = await signUpUser(t.app);
    const late = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'invite', visibility: 'private' });
    const invitation = (
      await call('POST', `/api/teams/${team.id}/invitations`, owner.cookie, { role: 'substitute' })
    ).json();
    const token = invitation.url.split('/invite/')[1];
    expect((await call('GET', `/api/invitations/${token}`)).json().team.id).toBe(team.id);
    const accepted = await call('POST', `/api/invitations/${token}/accept`, friend.cookie);
    expect(accepted.json().viewer.role).toBe('substitute');

    await call('DELETE', `/api/teams/${team.id}/invitations/${invitation.id}`, owner.cookie);
    expect((await call('GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/invitations/${token}/accept`, late.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);
  });

  it('mails an email invitation that works once', async () => {
    const owner = await signUpUser(t.app);
    const invitee = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Mail Invite FC' });
    const invitation = (
      await call('POST', `/api/teams/${team.id}/invitations`, owner.cookie, { email: invitee.body.email })
    ).json();
    const [mail] = await listOutboxMailTo(t.db, invitee.body.email);
    expect(mail?.subject).toBe('Invitation to join “Mail Invite FC” on Huddle');
    expect(mail?.text).toContain(invitation.url);
    expect(mail?.html).toContain(`<a href="${invitation.url}">`);
    const token = invitation.url.split('/invite/')[1];
    expect((await call('POST', `/api/invitations/${token}/accept`, invitee.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/invitations/${token}/accept`, other.cookie)).statusCode).toBe(404);
  });

  it('lets exactly one of ten simultaneous accepts use an emailed (single-use) invitation', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'invite', visibility: 'private' });
    const invitation = (
      await call('POST', `/api/teams/${team.id}/invitations`, owner.cookie, {
        email: 'single-use@example.com',
        role: 'organizer',
      })
    ).json();
    const token = invitation.url.split('/invite/')[1];
    const takers = await Promise.all(Array.from({ length: 10 }, () => signUpUser(t.app)));
    const answers = await Promise.all(
      takers.map((taker) => call('POST', `/api/invitations/${token}/accept`, taker.cookie)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(404)]);
    const [members] = await t.db
      .select({ n: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.role, 'organizer')));
    expect(members?.n).toBe(1);
    const [row] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row?.acceptedCount).toBe(1);
  });

  it('keeps a single-use invitation for its person when someone already in the team opens it', async () => {
    const owner = await signUpUser(t.app);
    const invitee = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const invitation = (
      await call('POST', `/api/teams/${team.id}/invitations`, owner.cookie, { email: invitee.body.email })
    ).json();
    const token = invitation.url.split('/invite/')[1];
    expect((await call('POST', `/api/invitations/${token}/accept`, owner.cookie)).statusCode).toBe(200);
    const accepted = await call('POST', `/api/invitations/${token}/accept`, invitee.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().viewer.role).toBe('player');
  });

  it("keeps the organizer's team name inside Huddle's template: escaped, one line, no links of its own", async () => {
    const owner = await signUpUser(t.app);
    const name = '<b>Prize</b> claim at evil.example.com';
    const team = await createTeamAs(t.app, owner.cookie, { name });
    const to = `template-${Date.now()}@example.com`;
    const invitation = (await call('POST', `/api/teams/${team.id}/invitations`, owner.cookie, { email: to })).json();
    const [mail] = await listOutboxMailTo(t.db, to);
    const shown = '<b>Prize</b> claim at evil[.]example[.]com';
    expect(mail?.subject).toBe(`Invitation to join “${shown}” on Huddle`);
    expect(mail?.text).toContain(`“${shown}”`);
    expect(mail?.text).not.toContain('evil.example.com');
    expect(mail?.html).toContain('&lt;b&gt;Prize&lt;/b&gt; claim at evil[.]example[.]com');
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.html?.match(/<a /g)).toHaveLength(1);
    expect(mail?.html?.match(/https?:\/\/[^\s"<]+/g)).toEqual([invitation.url]);
    expect(mail?.text.match(/https?:\/\/\S+/g)).toEqual([invitation.url]);
  });

  it('mails at most 50 invitations per organizer in a rolling day, across teams and simultaneous requests', async () => {
    const owner = await signUpUser(t.app);
    const first = await createTeamAs(t.app, owner.cookie);
    const second = await createTeamAs(t.app, owner.cookie);
    const invite = (teamId: string, n: number, cookie = owner.cookie) =>
      call('POST', `/api/teams/${teamId}/invitations`, cookie, { email: `bulk-${n}-${Date.now()}@example.com` });
    const answers = await Promise.all(
      Array.from({ length: 55 }, (_, n) => invite(n % 2 === 0 ? first.id : second.id, n)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.statusCode === 429)?.json();
    expect(refused.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: invitationMailLimitMessage,
      fields: { email: [invitationMailLimitMessage] },
    });
    const mailed = await t.db
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(eq(teamInvitations.createdBy, owner.user.id));
    expect(mailed).toHaveLength(50);

    // Links the organizer shares themself are not mail, and stay available.
    expect((await call('POST', `/api/teams/${first.id}/invitations`, owner.cookie, {})).statusCode).toBe(201);
    // Another organizer has their own allowance.
    const other = await signUpUser(t.app);
    const theirs = await createTeamAs(t.app, other.cookie);
    expect((await invite(theirs.id, 99, other.cookie)).statusCode).toBe(201);

    // The window rolls: once the oldest mails are a day old, there is room again.
    await t.db
      .update(mailRequests)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(and(eq(mailRequests.userId, owner.user.id), eq(mailRequests.template, 'team-invitation')));
    expect((await invite(first.id, 100)).statusCode).toBe(201);
  });

  it('only the owner invites organizers', async () => {
    const owner = await signUpUser(t.app);
    const organizer = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    await call('POST', `/api/teams/${team.id}/join`, organizer.cookie);
    await call('PUT', `/api/teams/${team.id}/members/${organizer.user.id}/role`, owner.cookie, { role: 'organizer' });
    expect(
      (await call('POST', `/api/teams/${team.id}/invitations`, organizer.cookie, { role: 'organizer' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/teams/${team.id}/invitations`, organizer.cookie, { role: 'player' })).statusCode,
    ).toBe(201);
  });
});

describe('following (external teams)', () => {
  it('lists followed teams the user is not a member of', async () => {
    const owner = await signUpUser(t.app);
    const fan = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Followed FC' });
    expect((await call('PUT', `/api/teams/${team.id}/follow`, fan.cookie)).json().viewer.following).toBe(true);
    expect(
      (await call('GET', '/api/me/followed-teams', fan.cookie)).json().teams.map((row: { name: string }) => row.name),
    ).toEqual(['Followed FC']);
    await call('POST', `/api/teams/${team.id}/join`, fan.cookie);
    expect((await call('GET', '/api/me/followed-teams', fan.cookie)).json().teams).toEqual([]);
    await call('DELETE', `/api/teams/${team.id}/follow`, fan.cookie);
  });
});

describe('privacy in the roster', () => {
  it('leaves out members who blocked the viewer', async () => {
    const owner = await signUpUser(t.app);
    const shy = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    await call('POST', `/api/teams/${team.id}/join`, shy.cookie);
    await call('POST', '/api/me/blocked-users', shy.cookie, { userId: viewer.user.id });
    const roster = (await call('GET', `/api/teams/${team.id}`, viewer.cookie))
      .json()
      .members.map((member: { id: string }) => member.id);
    expect(roster).toContain(owner.user.id);
    expect(roster).not.toContain(shy.user.id);
  });
});
