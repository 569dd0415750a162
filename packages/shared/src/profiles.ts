import { authApiPaths } from './auth-pages.ts';
import { z } from 'zod';
import { socialProviderIds } from './account-messages.ts';
import { earnedBadge } from './badges.ts';
import { distanceUnit } from './distance.ts';
import { profileGenders } from './genders.ts';
import { defineEndpoint } from './endpoint.ts';
import { platforms } from './platforms.ts';
import { publicPromotion } from './promotions.ts';
import { toNanoDegrees } from './places.ts';
import {
  currentUserReply,
  displayName,
  fullName,
  joinReasons,
  notificationSettings,
  privacySettings,
  pronounOptions,
} from './users.ts';

export const bioMaxLength = 500;
export const photoMaxMegabytes = 5;
export const photoAcceptedTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const profileUpdatedMessage = 'Successfully updated your profile';
export const welcomeMessage = 'Welcome to Huddle!';
export const settingsSavedMessage = 'Updated user data successfully.';
export const pickAtLeastOneMessage = 'Pick at least one';

/** A US city as the picker returns it (spec §5: picker restricted to US cities). */
export const usCity = z.object(
  {
    name: z.string().trim().min(1, 'Choose your city.').max(120),
    lat: z.number().min(-90).max(90).overwrite(toNanoDegrees),
    lng: z.number().min(-180).max(180).overwrite(toNanoDegrees),
  },
  { error: 'Choose your city.' },
);
export type UsCity = z.infer<typeof usCity>;

export const games = z.array(z.string().trim().min(1).max(60)).min(1, pickAtLeastOneMessage).max(30);

/** The profile form (spec §5); join reason is asked at first-time setup. */
export const profileBody = z
  .strictObject({
    displayName,
    fullName,
    defaultCity: usCity,
    games,
    pronouns: z.enum(pronounOptions).nullable(),
    /** Optional and private (decision 022); left out keeps what is saved. */
    gender: z.enum(profileGenders, { error: 'Choose from the list.' }).nullable().optional(),
    bio: z.string().trim().max(bioMaxLength, `Bio must be at most ${bioMaxLength} characters.`).nullable(),
    joinReason: z.enum(joinReasons).nullable(),
    /** 1-5, private to the player and the split of fair teams (decision 077); left out keeps what is saved. */
    selfRatedLevel: z
      .number({ error: 'Choose a level.' })
      .int('Choose a level.')
      .min(1, 'Choose a level.')
      .max(5, 'Choose a level.')
      .nullable()
      .optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileBody = z.infer<typeof profileBody>;

export const gamesBody = z.strictObject({ games });
/** Home's city picker: changes the city and nothing else. */
export const cityBody = z.strictObject({ defaultCity: usCity });
export const cityUpdatedMessage = 'Your city is updated.';
export const notificationSettingsBody = z.strictObject({ notificationSettings });
export const privacyBody = z.strictObject({ privacy: privacySettings });
export const distanceUnitBody = z.strictObject({ distanceUnit });
/** Settings > General: whether usage analytics may count the person's visits (decision 052). */
export const usageAnalyticsBody = z.strictObject({ usageAnalytics: z.boolean() });
export const feedbackBody = z.strictObject({
  message: z.string({ error: 'Tell us something first.' }).trim().min(3, 'Tell us a little more.').max(2000),
  rating: z.number().int().min(1).max(5).nullable(),
});

export const cityQuery = z.object({ q: z.string().trim().min(2, 'Type at least 2 letters.').max(60) });
export const citiesReply = z.object({ cities: z.array(usCity) });
export const gameTypesReply = z.object({ gameTypes: z.array(z.object({ label: z.string() })) });

export const userIdParams = z.object({ userId: z.string().min(1).max(64) });

/** What anyone may see of a player; the private parts appear only where the owner allows. */
export const publicProfileReply = z
  .object({
    id: z.string(),
    displayName: z.string(),
    photoURL: z.string(),
    bio: z.string().nullable(),
    pronouns: z.enum(pronounOptions).nullable(),
    games: z.array(z.string()),
    city: z.string().nullable(),
    /** Null when the owner hides online status, or has blocked the viewer. */
    online: z.boolean().nullable(),
    /** Whether the viewer may send this player a direct message. */
    canMessage: z.boolean(),
    blockedByViewer: z.boolean(),
    /**
     * The player's next games (joined, not cancelled, not yet over), soonest first, only those
     * the viewer may see. Null when the player hides them (privacy: publicUpcomingGames) or
     * blocked the viewer; the player always sees their own.
     */
    upcomingGames: z
      .array(
        z.object({
          eventId: z.string(),
          title: z.string(),
          gameType: z.string(),
          startsAt: z.iso.datetime(),
          timeZone: z.string(),
          placeName: z.string(),
        }),
      )
      .nullable(),
    /** Teams and communities the player belongs to that the viewer may see (public, or shared). */
    teams: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(['team', 'community']),
        gameType: z.string(),
        photoURL: z.string().nullable(),
      }),
    ),
    /** Games played (decision 019); null when the player blocked the viewer. */
    gamesPlayed: z.number().int().nullable(),
    /**
     * The levels the player's skill quizzes gave them, one per sport (decisions 046, 054): shown
     * like their sports, none when the player blocked the viewer.
     */
    skillLevels: z.array(z.object({ quizId: z.string(), gameType: z.string(), level: z.number() })),
    /**
     * The badges the player earned, each at its highest tier (decision 064). Null while the badges
     * flag is off, when the player hides them (privacy: publicBadges), or blocked the viewer.
     */
    badges: z.array(earnedBadge).nullable(),
  })
  .meta({ id: 'PublicProfile' });
/** How many upcoming games a profile lists. */
export const profileUpcomingGamesLimit = 5;
export type PublicProfile = z.infer<typeof publicProfileReply>;

export const blockedUsersReply = z.object({
  blockedUsers: z.array(z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() })),
});
export const blockBody = z.strictObject({ userId: z.string().min(1).max(64) });

export const directoryQuery = z.object({
  search: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const directoryReply = z.object({
  players: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      photoURL: z.string(),
      city: z.string().nullable(),
      games: z.array(z.string()),
    }),
  ),
});

export const featureFlagKeys = ['badges', 'subscriptions'] as const;
export type FeatureFlagKey = (typeof featureFlagKeys)[number];
export const publicConfigReply = z.object({
  flags: z.object({ badges: z.boolean(), subscriptions: z.boolean() }),
  /** Social sign-in providers configured on this server. */
  socialProviders: z.array(z.enum(socialProviderIds)),
  /** Raster map tiles ({z}/{x}/{y} template); null: markers over an offline US outline. */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
  /** Spec §1: the platform variant (gth or meh); meh hides the Transactions button. */
  platform: z.enum(platforms),
  /** 'local': the built-in test provider takes the payments (no keys set), shown as "Test payments" (decision 029). */
  paymentsMode: z.enum(['local', 'stripe']),
  /** Spec §2 home: the community sale banner running now, if any (decision 051). */
  promotion: publicPromotion.nullable(),
  /**
   * Usage analytics (spec §7, decision 052): the provider and where to send, or null when none is
   * configured or the server runs in development. The web app starts it only for signed-in people
   * who have not opted out.
   */
  analytics: z
    .discriminatedUnion('provider', [
      z.object({ provider: z.literal('plausible'), url: z.url(), domain: z.string() }),
      z.object({ provider: z.literal('posthog'), url: z.url(), key: z.string() }),
    ])
    .nullable(),
  /** Error reporting of the web app: a Sentry-compatible DSN (public by design), or null. */
  /** The web app's Sentry-compatible DSN, and the environment and release its reports name (decision 052). */
  errorReporting: z.object({ dsn: z.url(), environment: z.string(), release: z.string().nullable() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigReply>;

export const profileEndpoints = {
  updateMyProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/me/profile',
    summary: 'Save the profile form (first-time setup or edit)',
    tags: ['profiles'],
    body: profileBody,
    reply: currentUserReply,
  }),
  updateMyGames: defineEndpoint({
    method: 'PUT',
    path: '/api/me/games',
    summary: 'Save sports and interests (at least one)',
    tags: ['profiles'],
    body: gamesBody,
    reply: currentUserReply,
  }),
  updateMyCity: defineEndpoint({
    method: 'PUT',
    path: '/api/me/city',
    summary: 'Change the city nearby games and players are found from (nothing else)',
    tags: ['profiles'],
    body: cityBody,
    reply: currentUserReply,
  }),
  updateMyNotificationSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/me/notification-settings',
    summary: 'Save the email and push switches of every category',
    tags: ['profiles'],
    body: notificationSettingsBody,
    reply: currentUserReply,
  }),
  updateMyPrivacy: defineEndpoint({
    method: 'PUT',
    path: '/api/me/privacy',
    summary: 'Save the privacy switches',
    tags: ['profiles'],
    body: privacyBody,
    reply: currentUserReply,
  }),
  updateMyDistanceUnit: defineEndpoint({
    method: 'PUT',
    path: '/api/me/distance-unit',
    summary: 'Choose miles or kilometres for distances (Settings > General)',
    tags: ['profiles'],
    body: distanceUnitBody,
    reply: currentUserReply,
  }),
  updateMyUsageAnalytics: defineEndpoint({
    method: 'PUT',
    path: '/api/me/usage-analytics',
    summary: 'Allow or stop usage analytics for oneself (Settings > General)',
    tags: ['profiles'],
    body: usageAnalyticsBody,
    reply: currentUserReply,
  }),
  removeMyPhoto: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/photo',
    summary: 'Remove the profile photo (the default image shows again)',
    tags: ['profiles'],
    reply: currentUserReply,
  }),
  listBlockedUsers: defineEndpoint({
    method: 'GET',
    path: '/api/me/blocked-users',
    summary: 'The players the signed-in user has blocked',
    tags: ['profiles'],
    reply: blockedUsersReply,
  }),
  blockUser: defineEndpoint({
    method: 'POST',
    path: '/api/me/blocked-users',
    summary: 'Block a player',
    tags: ['profiles'],
    body: blockBody,
    reply: blockedUsersReply,
  }),
  unblockUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/blocked-users/:userId',
    summary: 'Unblock a player',
    tags: ['profiles'],
    params: userIdParams,
    reply: blockedUsersReply,
  }),
  submitFeedback: defineEndpoint({
    method: 'POST',
    path: '/api/me/feedback',
    summary: 'Send feedback to the Huddle team',
    tags: ['profiles'],
    body: feedbackBody,
    reply: currentUserReply,
    status: 201,
  }),
  getPublicProfile: defineEndpoint({
    method: 'GET',
    path: '/api/users/:userId/profile',
    summary: 'A player’s public profile, as the viewer may see it',
    tags: ['profiles'],
    params: userIdParams,
    reply: publicProfileReply,
  }),
  searchUsCities: defineEndpoint({
    method: 'GET',
    path: '/api/places/us-cities',
    summary: 'US cities whose name starts with the query, largest first',
    tags: ['places'],
    query: cityQuery,
    reply: citiesReply,
  }),
  listGameTypes: defineEndpoint({
    method: 'GET',
    path: '/api/game-types',
    summary: "Game types, 'Other' first",
    tags: ['profiles'],
    reply: gameTypesReply,
  }),
  getPublicConfig: defineEndpoint({
    method: 'GET',
    path: authApiPaths.publicConfig,
    summary: 'Feature flags and other public settings for the web app',
    tags: ['system'],
    reply: publicConfigReply,
  }),
  listPlayers: defineEndpoint({
    method: 'GET',
    path: '/api/users',
    summary: 'The player directory: searchable, without the viewer and without blocked players',
    tags: ['profiles'],
    query: directoryQuery,
    reply: directoryReply,
  }),
} as const;
