import { defaultNotificationSettings } from '@huddle/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlag } from '../feature-flags/feature-flags.service.ts';
import { openStreetMapTiles } from '../../config.ts';
import { signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const austin = { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 };
const validProfile = {
  displayName: '  Kit  ',
  fullName: ' Kit Carson ',
  defaultCity: austin,
  games: ['Soccer', 'Pickleball'],
  pronouns: 'They/Them',
  bio: 'Left foot, loud voice.',
  joinReason: 'Find-people',
};
const put = (url: string, cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: payload as object });

describe('US cities and game types', () => {
  it('finds US cities by prefix, largest first, with coordinates', async () => {
    const response = await t.app.inject({ url: '/api/places/us-cities?q=austi' });
    const { cities } = response.json();
    expect(cities[0]).toMatchObject({ name: 'Austin, TX' });
    expect(cities[0].lat).toBeCloseTo(30.27, 1);
    const narrowed = (await t.app.inject({ url: '/api/places/us-cities?q=portland,%20me' })).json().cities;
    expect(narrowed.map((city: { name: string }) => city.name)).toEqual(['Portland, ME']);
    expect((await t.app.inject({ url: '/api/places/us-cities?q=a' })).statusCode).toBe(400);
  });

  it("lists game types with 'Other' first, then alphabetically", async () => {
    const labels = (await t.app.inject({ url: '/api/game-types' }))
      .json()
      .gameTypes.map((type: { label: string }) => type.label);
    expect(labels[0]).toBe('Other');
    expect(labels.slice(1)).toEqual([...labels.slice(1)].sort((a: string, b: string) => a.localeCompare(b)));
    expect(labels).toContain('Pickleball');
  });
});

describe('the profile form', () => {
  it('completes first-time setup: trimmed, located, hasAdditionalInfo', async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await put('/api/me/profile', cookie, validProfile);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: 'Kit',
      fullName: 'Kit Carson',
      hasAdditionalInfo: true,
      defaultCity: austin,
      games: ['Soccer', 'Pickleball'],
      joinReason: 'Find-people',
    });
  });

  it.each([
    ['no interests', { games: [] }, 'games', 'Pick at least one'],
    ['an unknown sport', { games: ['Quidditch'] }, 'games', 'Pick from the listed'],
    [
      'a city that is not a US city',
      { defaultCity: { name: 'Paris, FR', lat: 48.85, lng: 2.35 } },
      'defaultCity',
      'US city',
    ],
    ['no city', { defaultCity: null }, 'defaultCity', 'Choose your city.'],
    ['a one-letter full name', { fullName: 'K' }, 'fullName', 'at least 2'],
    ['a 26-character display name', { displayName: 'x'.repeat(26) }, 'displayName', 'at most 25'],
    ['only punctuation as display name', { displayName: '!!!' }, 'displayName', 'letter or number'],
  ])('refuses %s beside the field', async (_label, change, field, text) => {
    const { cookie } = await signUpUser(t.app);
    const response = await put('/api/me/profile', cookie, { ...validProfile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field].join(' ')).toContain(text);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(me.hasAdditionalInfo).toBe(false);
  });

  it('keeps an optional, private gender from the profile list (decision 022)', async () => {
    const { cookie, user } = await signUpUser(t.app);
    const me = async () => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect((await put('/api/me/profile', cookie, validProfile)).json().gender).toBeNull();
    expect((await put('/api/me/profile', cookie, { ...validProfile, gender: 'Non-binary' })).json().gender).toBe(
      'Non-binary',
    );
    // A form that leaves the field out keeps what is saved; null clears it.
    await put('/api/me/profile', cookie, { ...validProfile, bio: 'Still here.' });
    expect((await me()).gender).toBe('Non-binary');
    // Nobody else sees it: the public profile has no gender.
    const viewer = await signUpUser(t.app);
    const publicProfile = await t.app.inject({
      url: `/api/users/${user.id}/profile`,
      headers: { cookie: viewer.cookie },
    });
    expect(publicProfile.statusCode).toBe(200);
    expect(JSON.stringify(publicProfile.json())).not.toContain('Non-binary');
    await put('/api/me/profile', cookie, { ...validProfile, gender: null });
    expect((await me()).gender).toBeNull();
  });

  it.each(['Any', 'Coed', 'Women', 'Alien'])("refuses the gender '%s' beside the field", async (gender) => {
    const { cookie } = await signUpUser(t.app);
    await put('/api/me/profile', cookie, { ...validProfile, gender: 'Woman' });
    const response = await put('/api/me/profile', cookie, { ...validProfile, gender });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.gender.join(' ')).toContain('Choose from the list.');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().gender).toBe('Woman');
  });

  it('needs a session', async () => {
    expect((await put('/api/me/profile', '', validProfile)).statusCode).toBe(401);
    expect(
      (await put('/api/me/notification-settings', '', { notificationSettings: defaultNotificationSettings }))
        .statusCode,
    ).toBe(401);
  });
});

describe("home's city picker", () => {
  it('changes the city and nothing else of the profile', async () => {
    const { cookie } = await signUpUser(t.app);
    const before = (await put('/api/me/profile', cookie, validProfile)).json();
    const portland = (await t.app.inject({ url: '/api/places/us-cities?q=portland,%20me' })).json().cities[0];
    const response = await put('/api/me/city', cookie, { defaultCity: portland });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after.defaultCity).toEqual(portland);
    const { defaultCity: _old, ...restBefore } = before;
    const { defaultCity: _new, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    // The nearby lists measure from the new city.
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(me.defaultCity.name).toBe('Portland, ME');
  });

  it('refuses a city the picker does not offer, and other fields, beside the field', async () => {
    const { cookie } = await signUpUser(t.app);
    await put('/api/me/profile', cookie, validProfile);
    const madeUp = await put('/api/me/city', cookie, { defaultCity: { name: 'Atlantis, XX', lat: 1, lng: 2 } });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.fields.defaultCity).toBeDefined();
    const extra = await put('/api/me/city', cookie, { defaultCity: austin, displayName: 'Sneaky' });
    expect(extra.statusCode).toBe(400);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(me.defaultCity).toEqual(austin);
    expect(me.displayName).toBe('Kit');
  });
});

describe('settings', () => {
  it('saves notification switches per category and channel', async () => {
    const { cookie } = await signUpUser(t.app);
    const settings = {
      ...defaultNotificationSettings,
      news: { email: false, push: true },
      offers: { email: false, push: false },
    };
    const response = await put('/api/me/notification-settings', cookie, { notificationSettings: settings });
    expect(response.json().notificationSettings.offers).toEqual({ email: false, push: false });
    expect(response.json().notificationSettings.directMessage).toEqual({ email: true, push: true });
    const missing = await put('/api/me/notification-settings', cookie, {
      notificationSettings: { news: { email: true, push: true } },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('saves privacy switches, which then apply to the public profile', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    await put('/api/me/profile', owner.cookie, validProfile);
    const seen = () => t.app.inject({ url: `/api/users/${owner.user.id}/profile`, headers: { cookie: viewer.cookie } });
    expect((await seen()).json()).toMatchObject({ displayName: 'Kit', canMessage: true, city: 'Austin, TX' });
    expect((await seen()).json()).not.toHaveProperty('email');

    const privacy = {
      messagesFromAnyone: false,
      publicBadges: true,
      publicOnlineStatus: false,
      publicUpcomingGames: true,
    };
    expect((await put('/api/me/privacy', owner.cookie, { privacy })).json().privacy).toEqual(privacy);
    expect((await seen()).json().canMessage).toBe(false);
  });

  it('blocks and unblocks; a blocked viewer sees nothing private', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    await put('/api/me/profile', owner.cookie, validProfile);
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/me/blocked-users',
      headers: { cookie: owner.cookie },
      payload: { userId: viewer.user.id },
    });
    expect(block.json().blockedUsers.map((user: { id: string }) => user.id)).toEqual([viewer.user.id]);

    const seen = (
      await t.app.inject({ url: `/api/users/${owner.user.id}/profile`, headers: { cookie: viewer.cookie } })
    ).json();
    expect(seen).toMatchObject({ bio: null, games: [], city: null, canMessage: false });

    const self = await t.app.inject({
      method: 'POST',
      url: '/api/me/blocked-users',
      headers: { cookie: owner.cookie },
      payload: { userId: owner.user.id },
    });
    expect(self.statusCode).toBe(400);
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/me/blocked-users',
      headers: { cookie: owner.cookie },
      payload: { userId: 'no-such-user' },
    });
    expect(ghost.statusCode).toBe(404);

    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/blocked-users/${viewer.user.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(unblock.json().blockedUsers).toEqual([]);
    const again = (
      await t.app.inject({ url: `/api/users/${owner.user.id}/profile`, headers: { cookie: viewer.cookie } })
    ).json();
    expect(again.games).toEqual(['Soccer', 'Pickleball']);
  });

  it("keeps each user's blocklist private", async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/me/blocked-users',
      headers: { cookie: owner.cookie },
      payload: { userId: other.user.id },
    });
    const othersView = await t.app.inject({ url: '/api/me/blocked-users', headers: { cookie: other.cookie } });
    expect(othersView.json().blockedUsers).toEqual([]);
    expect((await t.app.inject({ url: '/api/me/blocked-users' })).statusCode).toBe(401);
  });

  it('stores feedback and marks the task done', async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/feedback',
      headers: { cookie },
      payload: { message: 'Love the app', rating: 5 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().feedbackSubmitted).toBe(true);
  });
});

describe('feature flags', () => {
  it('serves configured defaults, and a stored override without a restart', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({
      flags: { badges: true, subscriptions: true },
      socialProviders: [],
      mapTiles: openStreetMapTiles,
      platform: 'gth',
      paymentsMode: 'local',
      promotion: null,
      analytics: null,
      errorReporting: null,
    });
    await setFlag(t.db, 'badges', false);
    expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({
      flags: { badges: false, subscriptions: true },
      socialProviders: [],
      mapTiles: openStreetMapTiles,
      platform: 'gth',
      paymentsMode: 'local',
      promotion: null,
      analytics: null,
      errorReporting: null,
    });
  });
});
