import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
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

async function uploadTeamPhoto(teamId: string, cookie: string) {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  const boundary = '----team-photo';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/photo`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('team photo', () => {
  it('is uploaded by organizers only, re-encoded and served', async () => {
    const owner = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    await call('POST', `/api/teams/${team.id}/join`, player.cookie);
    expect((await uploadTeamPhoto(team.id, player.cookie)).statusCode).toBe(403);
    const uploaded = await uploadTeamPhoto(team.id, owner.cookie);
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().photoURL as string;
    expect(url).toMatch(/^\/uploads\/teams\/.+\.webp$/);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/teams/${team.id}/photo`, owner.cookie);
    expect(removed.json().photoURL).toBeNull();
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});

describe('per-team notification topics', () => {
  it('default to on for each team, save per team, and only for members', async () => {
    const owner = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Topic FC' });
    expect((await call('GET', '/api/me/team-notification-topics', owner.cookie)).json().topics).toEqual([
      { teamId: team.id, teamName: 'Topic FC', email: true, push: true },
    ]);
    const saved = await call('PUT', `/api/me/team-notification-topics/${team.id}`, owner.cookie, {
      email: false,
      push: true,
    });
    expect(saved.json().topics[0]).toMatchObject({ email: false, push: true });
    expect(
      (await call('PUT', `/api/me/team-notification-topics/${team.id}`, outsider.cookie, { email: false, push: false }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/me/team-notification-topics', outsider.cookie)).json().topics).toEqual([]);
  });
});

describe('team-create motivation mail (spec §4)', () => {
  it('is sent once a day at most, and not to someone who turned such mail off', async () => {
    const person = await signUpUser(t.app);
    const first = await call('POST', '/api/mail-requests', person.cookie, {
      template: 'team-create-motivation-notification',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ queued: true });
    expect(
      (
        await call('POST', '/api/mail-requests', person.cookie, { template: 'team-create-motivation-notification' })
      ).json(),
    ).toEqual({ queued: false });
    const mails = (await listOutboxMailTo(t.db, person.body.email)).filter(
      (mail) => mail.subject === 'Your team is one step away',
    );
    expect(mails).toHaveLength(1);
    expect(
      (await call('POST', '/api/mail-requests', '', { template: 'team-create-motivation-notification' })).statusCode,
    ).toBe(401);
    expect((await call('POST', '/api/mail-requests', person.cookie, { template: 'anything-else' })).statusCode).toBe(
      400,
    );
  });
});

describe('ambassador applications', () => {
  it('are stored from the public form, with clear errors', async () => {
    const ok = await call('POST', '/api/ambassador-applications', '', {
      fullName: 'Ana Organizer',
      email: 'ana@example.com',
      city: 'Austin, TX',
      sports: 'Soccer, futsal',
      motivation: 'I run three pickup groups and want to bring them onto Huddle.',
    });
    expect(ok.statusCode).toBe(201);
    const short = await call('POST', '/api/ambassador-applications', '', {
      fullName: 'A',
      email: 'x',
      city: '',
      sports: null,
      motivation: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().error.fields).sort()).toEqual(['city', 'email', 'fullName', 'motivation']);
  });
});

describe('player directory', () => {
  it('finds players by name, never the viewer, never someone blocked either way', async () => {
    const viewer = await signUpUser(t.app, { name: 'Dir Viewer' });
    const found = await signUpUser(t.app, { name: 'Dir Findable' });
    const blocker = await signUpUser(t.app, { name: 'Dir Blocker' });
    const blockedByViewer = await signUpUser(t.app, { name: 'Dir Blocked' });
    await call('POST', '/api/me/blocked-users', blocker.cookie, { userId: viewer.user.id });
    await call('POST', '/api/me/blocked-users', viewer.cookie, { userId: blockedByViewer.user.id });
    const players = (await call('GET', '/api/users?search=dir%20', viewer.cookie)).json().players;
    expect(players.map((player: { id: string }) => player.id)).toEqual([found.user.id]);
    expect(players[0]).not.toHaveProperty('email');
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
  });
});

describe('teams dashboard (teams-v3)', () => {
  it('lists only the teams the user runs, with pending requests and seasons', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    const run = await createTeamAs(t.app, owner.cookie, { name: 'Run By Me', joinPolicy: 'request' });
    const elsewhere = await signUpUser(t.app);
    const playedIn = await createTeamAs(t.app, elsewhere.cookie, { name: 'Just Playing' });
    await call('POST', `/api/teams/${playedIn.id}/join`, owner.cookie);
    await call('POST', `/api/teams/${run.id}/join`, asker.cookie);
    const dashboard = (await call('GET', '/api/me/teams/dashboard', owner.cookie)).json().teams;
    expect(dashboard).toEqual([
      expect.objectContaining({ name: 'Run By Me', role: 'owner', pendingRequests: 1, seasons: [] }),
    ]);
    expect((await call('GET', '/api/me/teams/dashboard')).statusCode).toBe(401);
  });
});
