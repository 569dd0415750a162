import { geohashOf } from '@huddle/shared/places';
import { defaultNotificationSettings, defaultPrivacySettings } from '@huddle/shared/users';
import { austinCity } from '../factories.ts';
import { newFeed } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

const availability = {
  weekly: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      { isAvailable: day === 'monday', ranges: day === 'monday' ? [{ start: '17:00', end: '20:00' }] : [] },
    ]),
  ),
  dates: [],
};

const placeBody = {
  name: 'Matrix Court',
  address: '2100 Barton Springs Rd, Austin, TX',
  lat: 30.2669,
  lng: -97.7729,
  geohash: geohashOf(30.2669, -97.7729),
  description: null,
};

const austinBounds = { south: '30.1', west: '-97.9', north: '30.4', east: '-97.6' };

// Columns:                                        anonymous otherUser member organizer owner

/** Each person's own settings, the people and place directories, search, and calendar feeds. */
export const profileRows: MatrixRow[] = [
  { route: 'GET /api/me/availability', expect: signedIn(200) },
  { route: 'PUT /api/me/availability', call: () => ({ payload: availability }), expect: signedIn(200) },
  {
    route: 'PUT /api/me/profile',
    call: (cast, role) => ({
      payload: {
        displayName: role === 'anonymous' ? 'Nobody' : cast.people[role].name,
        fullName: 'Full Name',
        defaultCity: austinCity,
        games: ['Soccer'],
        pronouns: null,
        bio: null,
        joinReason: null,
      },
    }),
    expect: signedIn(200),
  },
  { route: 'PUT /api/me/games', call: () => ({ payload: { games: ['Soccer'] } }), expect: signedIn(200) },
  {
    route: 'PUT /api/me/city',
    call: () => ({ payload: { defaultCity: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 } } }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/me/notification-settings',
    call: () => ({ payload: { notificationSettings: defaultNotificationSettings } }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/me/privacy',
    call: () => ({ payload: { privacy: defaultPrivacySettings } }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/me/distance-unit',
    call: () => ({ payload: { distanceUnit: 'km' } }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/me/usage-analytics',
    call: () => ({ payload: { usageAnalytics: false } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/me/feedback',
    call: () => ({ payload: { message: 'Works for us.', rating: 5 } }),
    expect: signedIn(201),
  },
  { route: 'GET /api/me/blocked-users', expect: signedIn(200) },
  // Decision 064: one's own badges only; another's show on their public profile (GET /api/users/{userId}/profile).
  { route: 'GET /api/me/badges', expect: signedIn(200) },
  {
    route: 'POST /api/me/blocked-users',
    call: (cast) => ({ payload: { userId: cast.bystander.id } }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/me/blocked-users/{userId}',
    call: (cast) => ({ params: { userId: cast.bystander.id } }),
    expect: signedIn(200),
  },
  { route: 'POST /api/me/photo', call: () => ({ photo: true }), expect: signedIn(200) },
  { route: 'DELETE /api/me/photo', expect: signedIn(200) },
  { route: 'GET /api/users', expect: signedIn(200) },
  {
    route: 'GET /api/users/{userId}/profile',
    call: (cast) => ({ params: { userId: cast.people.owner.id } }),
    expect: everyone(200),
  },
  { route: 'GET /api/users/nearby', call: () => ({ query: { lat: '30.27', lng: '-97.74' } }), expect: signedIn(200) },
  { route: 'GET /api/search', call: () => ({ query: { q: 'Team' } }), expect: everyone(200) },

  { route: 'GET /api/places/us-cities', call: () => ({ query: { q: 'Austin' } }), expect: everyone(200) },
  { route: 'GET /api/places/addresses', call: () => ({ query: { q: 'Court' } }), expect: everyone(200) },
  { route: 'GET /api/places', call: () => ({ query: austinBounds }), expect: everyone(200) },
  { route: 'POST /api/places', call: () => ({ payload: placeBody }), expect: signedIn(201) },
  {
    route: 'GET /api/places/{placeId}',
    call: (cast) => ({ params: { placeId: cast.place.id } }),
    expect: everyone(200),
  },
  {
    route: 'PUT /api/places/{placeId}',
    target: 'added by the owner',
    call: (cast) => ({ params: { placeId: cast.place.id }, payload: { ...placeBody, name: 'Owner Court' } }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/places/{placeId}/check-ins',
    call: (cast) => ({ params: { placeId: cast.place.id }, payload: { hours: 1 } }),
    expect: signedIn(201),
  },
  { route: 'DELETE /api/me/check-in', expect: signedIn(200) },

  { route: 'GET /api/me/calendar-feeds', expect: signedIn(200) },
  {
    route: 'POST /api/me/calendar-feeds',
    target: 'my games',
    call: () => ({ payload: { teamId: null } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/me/calendar-feeds',
    target: 'a public team’s, for its members only',
    call: (cast) => ({ payload: { teamId: cast.publicTeam.id } }),
    expect: statuses(401, 403, 201, 201, 201),
  },
  {
    route: 'POST /api/me/calendar-feeds',
    target: 'a private team’s',
    call: (cast) => ({ payload: { teamId: cast.privateTeam.id } }),
    expect: statuses(401, 404, 201, 201, 201),
  },
  {
    route: 'DELETE /api/me/calendar-feeds/{feedId}',
    target: 'the owner’s feed',
    call: async (cast) => ({ params: { feedId: (await newFeed(cast, cast.people.owner)).id } }),
    expect: statuses(401, 404, 404, 404, 200),
  },
  {
    route: 'GET /api/calendar/{token}.ics',
    target: 'the owner’s feed: the token is the key',
    call: async (cast) => ({ params: { token: (await newFeed(cast, cast.people.owner)).token } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/calendar/{token}.ics',
    target: 'a token that is no feed’s',
    call: () => ({ params: { token: 'bm90LWEtZmVlZC10b2tlbi1hdC1hbGwtbm90LWV2ZXI' } }),
    expect: everyone(404),
  },
];
