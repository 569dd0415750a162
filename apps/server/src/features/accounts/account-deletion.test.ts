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

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
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

describe('the account takes its personal forms and sites with it (spec §4: everything personal)', () => {
  /** A published form and a published site of the person's own (no team). */
  async function personalFormAndSite(cookie: string) {
    const formId = (await call('POST', '/api/forms', cookie, { title: 'Pickup waiver' })).json().id as string;
    const saved = await call('PUT', `/api/forms/${formId}`, cookie, {
      version: 1,
      title: 'Pickup waiver',
      fields: [{ type: 'short_text', id: 'name', label: 'Your name', required: true }],
      settings: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', `/api/forms/${formId}/status`, cookie, { status: 'published' })).statusCode).toBe(200);
    const siteId = (await call('POST', '/api/websites', cookie, { template: 'club' })).json().id as string;
    expect((await call('POST', `/api/websites/${siteId}/publish`, cookie, { published: true })).statusCode).toBe(200);
    return { formId, siteId };
  }
  const publicStatus = async (url: string) => (await t.app.inject({ url })).statusCode;

  it('deletes the leaver’s own published form and site, and leaves another person’s', async () => {
    const leaver = await signUpUser(t.app);
    const stayer = await signUpUser(t.app);
    const gone = await personalFormAndSite(leaver.cookie);
    const kept = await personalFormAndSite(stayer.cookie);
    expect(await publicStatus(`/api/forms/${gone.formId}`)).toBe(200);
    expect(await publicStatus(`/api/websites/${gone.siteId}`)).toBe(200);

    expect((await deleteMe(leaver.cookie)).statusCode).toBe(200);
    expect(await publicStatus(`/api/forms/${gone.formId}`)).toBe(404);
    expect(await publicStatus(`/api/websites/${gone.siteId}`)).toBe(404);
    expect(await publicStatus(`/api/forms/${kept.formId}`)).toBe(200);
    expect(await publicStatus(`/api/websites/${kept.siteId}`)).toBe(200);
  });
});
