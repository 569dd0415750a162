import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const deleteMe = (cookie: string) => call('DELETE', '/api/me', cookie, { confirm: 'DELETE' });
const stillThere = async (cookie: string) =>
  (await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode === 200;

describe('account deletion is blocked while the user has teams to delete or leave (spec §4)', () => {
  it('blocks a member of a team they do not own, until they leave it', async () => {
    const owner = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'open', visibility: 'public' });
    expect((await call('POST', `/api/teams/${team.id}/join`, player.cookie)).statusCode).toBe(200);

    const refused = await deleteMe(player.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'You are a member of 1 team. Leave it first.',
    });
    expect(await stillThere(player.cookie)).toBe(true);

    expect((await call('POST', `/api/teams/${team.id}/leave`, player.cookie)).statusCode).toBe(200);
    expect((await deleteMe(player.cookie)).statusCode).toBe(200);
    expect(await stillThere(player.cookie)).toBe(false);
  });

  it('names both: teams owned and teams joined', async () => {
    const other = await signUpUser(t.app);
    const person = await signUpUser(t.app);
    await createTeamAs(t.app, person.cookie);
    for (let index = 0; index < 2; index += 1) {
      const team = await createTeamAs(t.app, other.cookie, { joinPolicy: 'open', visibility: 'public' });
      await call('POST', `/api/teams/${team.id}/join`, person.cookie);
    }
    const refused = await deleteMe(person.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'You own 1 team. Hand it to another member or delete it first. You are a member of 2 more teams. Leave them first.',
    );
    expect(await stillThere(person.cookie)).toBe(true);
  });

  it('lets a person without teams go', async () => {
    const loner = await signUpUser(t.app);
    expect((await deleteMe(loner.cookie)).statusCode).toBe(200);
  });
});
