import { errorReply } from '@huddle/shared/error-reply';
import { profileEndpoints } from '@huddle/shared/profiles';
import { currentUserReply } from '@huddle/shared/users';
import { readImageUpload } from '../../lib/images/read-image-upload.ts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  blockUser,
  removeProfilePhoto,
  setProfilePhoto,
  getPublicProfile,
  listBlockedUsers,
  listPlayers,
  saveDistanceUnit,
  saveNotificationSettings,
  savePrivacy,
  saveUsageAnalytics,
  submitFeedback,
  unblockUser,
  updateCity,
  updateGames,
  updateProfile,
} from './profiles.service.ts';

export function registerProfileRoutes(app: FastifyInstance, { db, auth, storage, clock, config }: AppDeps): void {
  const actor = (request: Parameters<typeof requireSessionUserId>[1]) => requireSessionUserId(auth, request);

  registerEndpoint(app, profileEndpoints.updateMyProfile, async ({ request, body }) =>
    updateProfile(db, { actorId: await actor(request), profile: body }),
  );
  registerEndpoint(app, profileEndpoints.updateMyCity, async ({ request, body }) =>
    updateCity(db, { actorId: await actor(request), city: body.defaultCity }),
  );
  registerEndpoint(app, profileEndpoints.updateMyGames, async ({ request, body }) =>
    updateGames(db, { actorId: await actor(request), games: body.games }),
  );
  registerEndpoint(app, profileEndpoints.updateMyNotificationSettings, async ({ request, body }) =>
    saveNotificationSettings(db, { actorId: await actor(request), settings: body.notificationSettings }),
  );
  registerEndpoint(app, profileEndpoints.updateMyPrivacy, async ({ request, body }) =>
    savePrivacy(db, { actorId: await actor(request), privacy: body.privacy }),
  );
  registerEndpoint(app, profileEndpoints.updateMyDistanceUnit, async ({ request, body }) =>
    saveDistanceUnit(db, { actorId: await actor(request), distanceUnit: body.distanceUnit }),
  );
  registerEndpoint(app, profileEndpoints.updateMyUsageAnalytics, async ({ request, body }) =>
    saveUsageAnalytics(db, { actorId: await actor(request), usageAnalytics: body.usageAnalytics }),
  );
  registerEndpoint(app, profileEndpoints.submitFeedback, async ({ request, body }) =>
    submitFeedback(db, { actorId: await actor(request), message: body.message, rating: body.rating }),
  );
  registerEndpoint(app, profileEndpoints.listBlockedUsers, async ({ request }) =>
    listBlockedUsers(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, profileEndpoints.blockUser, async ({ request, body }) =>
    blockUser(db, { actorId: await actor(request), userId: body.userId }),
  );
  registerEndpoint(app, profileEndpoints.unblockUser, async ({ request, params }) =>
    unblockUser(db, { actorId: await actor(request), userId: params.userId }),
  );
  // Multipart, so declared here rather than as a JSON endpoint; the reply is the shared user schema.
  app.post(
    '/api/me/photo',
    {
      schema: {
        summary: 'Upload a profile photo (JPEG, PNG or WebP, at most 5 MB) as the multipart field "photo"',
        tags: ['profiles'],
        consumes: ['multipart/form-data'],
        response: { 200: currentUserReply, '4xx': errorReply, '5xx': errorReply },
      },
    },
    async (request) => {
      const actorId = await actor(request);
      return setProfilePhoto(db, storage, { actorId, bytes: await readImageUpload(request) });
    },
  );
  registerEndpoint(app, profileEndpoints.removeMyPhoto, async ({ request }) =>
    removeProfilePhoto(db, storage, { actorId: await actor(request) }),
  );
  registerEndpoint(app, profileEndpoints.listPlayers, async ({ request, query }) =>
    listPlayers(db, { viewerId: await actor(request), search: query.search || undefined, limit: query.limit }),
  );
  registerEndpoint(app, profileEndpoints.getPublicProfile, async ({ request, params }) =>
    getPublicProfile(
      { db, clock, flagDefaults: config.flagDefaults },
      { viewerId: await findSessionUserId(auth, request), userId: params.userId },
    ),
  );
}
