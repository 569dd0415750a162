import type { OnboardingProgress } from '@huddle/shared/onboarding';
import { resumeStep } from '@huddle/shared/onboarding';
import { defaultNotificationSettings, type CurrentUser } from '@huddle/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 16, user-onboarding: progress kept on the server, so the guide resumes anywhere. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const progress = async (cookie: string) => (await call('GET', '/api/me/onboarding', cookie)).json<OnboardingProgress>();
const setStep = (cookie: string, step: string, status: string) =>
  call('PUT', `/api/me/onboarding/steps/${step}`, cookie, { status });

describe('onboarding progress', () => {
  it('starts empty, records done and skipped steps, and resumes at the first open one', async () => {
    const player = await signUpUser(t.app);
    expect(await progress(player.cookie)).toEqual({ steps: {}, dismissed: false, finished: false });
    expect((await setStep(player.cookie, 'sports', 'done')).statusCode).toBe(200);
    const afterSkip = (await setStep(player.cookie, 'city', 'skipped')).json<OnboardingProgress>();
    expect(afterSkip.steps).toEqual({ sports: 'done', city: 'skipped' });
    expect(resumeStep(afterSkip)).toBe('availability');
    // Coming back to a skipped step and doing it turns it done.
    await setStep(player.cookie, 'city', 'done');
    expect((await progress(player.cookie)).steps).toEqual({ sports: 'done', city: 'done' });
  });

  it('finishes when every step is done or skipped; keeps steps saved at once from two tabs', async () => {
    const player = await signUpUser(t.app);
    const saves = await Promise.all(
      ['sports', 'city', 'availability', 'notifications', 'first-game'].map((step, index) =>
        setStep(player.cookie, step, index % 2 ? 'skipped' : 'done'),
      ),
    );
    expect(saves.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const done = await progress(player.cookie);
    expect(Object.keys(done.steps)).toHaveLength(5);
    expect(done.finished).toBe(true);
    expect(resumeStep(done)).toBeNull();
  });

  it('records "not now" once and keeps the steps', async () => {
    const player = await signUpUser(t.app);
    await setStep(player.cookie, 'sports', 'done');
    const dismissed = (await call('POST', '/api/me/onboarding/dismiss', player.cookie)).json<OnboardingProgress>();
    expect(dismissed).toEqual({ steps: { sports: 'done' }, dismissed: true, finished: false });
    expect((await call('POST', '/api/me/onboarding/dismiss', player.cookie)).statusCode).toBe(200);
  });

  it('is each person’s own: signed out gets 401, another person sees only theirs', async () => {
    const player = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await setStep(player.cookie, 'sports', 'done');
    expect((await call('GET', '/api/me/onboarding')).statusCode).toBe(401);
    expect((await setStep('', 'sports', 'done')).statusCode).toBe(401);
    expect((await call('POST', '/api/me/onboarding/dismiss')).statusCode).toBe(401);
    expect((await progress(other.cookie)).steps).toEqual({});
  });

  it('refuses an unknown step or status with field messages', async () => {
    const player = await signUpUser(t.app);
    const step = await setStep(player.cookie, 'tax-return', 'done');
    expect(step.statusCode).toBe(400);
    expect(step.json().error.code).toBe('VALIDATION_FAILED');
    const status = await setStep(player.cookie, 'sports', 'maybe');
    expect(status.statusCode).toBe(400);
    expect(Object.keys(status.json().error.fields)).toEqual(['status']);
  });
});

describe('the notification settings step clears the home task', () => {
  it('marks the user as having saved notification settings once they are saved', async () => {
    const player = await signUpUser(t.app);
    const before = (await call('GET', '/api/me', player.cookie)).json<CurrentUser>();
    expect(before.notificationSettingsSaved).toBe(false);
    const saved = await call('PUT', '/api/me/notification-settings', player.cookie, {
      notificationSettings: defaultNotificationSettings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/me', player.cookie)).json<CurrentUser>().notificationSettingsSaved).toBe(true);
  });
});
