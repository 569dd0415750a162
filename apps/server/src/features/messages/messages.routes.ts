import { errorReply } from '@huddle/shared/error-reply';
import {
  conversationIdParams,
  messageEndpoints,
  messageImageFilePath,
  messageImageParams,
  messageImagePath,
  messageImageReply,
} from '@huddle/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { readImageUpload } from '../../lib/images/read-image-upload.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  deleteMessage,
  editMessage,
  getConversation,
  getMessageImage,
  getUnreadCount,
  listConversations,
  listMessages,
  markConversationRead,
  openEventConversation,
  openTeamConversation,
  sendMessage,
  startDirectConversation,
  updateConversation,
  uploadMessageImage,
  type MessageDeps,
} from './messages.service.ts';

export function registerMessageRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, realtime, storage, privateStorage, clock, mailer, jobs, config } = appDeps;
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const deps: MessageDeps = {
    db,
    realtime,
    storage,
    privateStorage,
    clock,
    mailer,
    jobs,
    publicOrigin: config.publicOrigin,
    log: app.log,
  };
  /**
   * Sends and photo uploads per person (by address when signed out, which then fails with 401):
   * a minute holds a lively chat, not a flood to fifty teams.
   */
  const sendLimit = {
    config: {
      rateLimit: {
        hook: 'preHandler' as const,
        max: 40,
        timeWindow: '1 minute',
        keyGenerator: async (request: FastifyRequest) => (await findSessionUserId(auth, request)) ?? request.ip,
      },
    },
  };

  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  registerEndpoint(app, messageEndpoints.listConversations, async ({ request }) =>
    listConversations(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, messageEndpoints.unreadCount, async ({ request }) =>
    getUnreadCount(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, messageEndpoints.startDirect, async ({ request, body }) =>
    startDirectConversation(db, { actorId: await actor(request), userId: body.userId }),
  );
  registerEndpoint(app, messageEndpoints.openTeamConversation, async ({ request, params }) =>
    openTeamConversation(db, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, messageEndpoints.openEventConversation, async ({ request, params }) =>
    openEventConversation(db, { actorId: await actor(request), eventId: params.eventId }),
  );
  registerEndpoint(app, messageEndpoints.getConversation, async ({ request, params }) =>
    getConversation(db, { actorId: await actor(request), conversationId: params.conversationId }),
  );
  registerEndpoint(app, messageEndpoints.updateConversation, async ({ request, params, body }) =>
    updateConversation(deps, { actorId: await actor(request), conversationId: params.conversationId, changes: body }),
  );
  registerEndpoint(app, messageEndpoints.listMessages, async ({ request, params, query }) =>
    listMessages(db, { actorId: await actor(request), conversationId: params.conversationId, ...query }),
  );
  registerEndpoint(
    app,
    messageEndpoints.sendMessage,
    async ({ request, params, body }) =>
      sendMessage(deps, { actorId: await actor(request), conversationId: params.conversationId, message: body }),
    sendLimit,
  );
  registerEndpoint(app, messageEndpoints.editMessage, async ({ request, params, body }) =>
    editMessage(deps, { actorId: await actor(request), ...params, text: body.text }),
  );
  registerEndpoint(app, messageEndpoints.deleteMessage, async ({ request, params }) =>
    deleteMessage(deps, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, messageEndpoints.markRead, async ({ request, params, body }) =>
    markConversationRead(deps, {
      actorId: await actor(request),
      conversationId: params.conversationId,
      ...(body.upTo && { upTo: body.upTo }),
    }),
  );
  // Multipart, like the profile photo: the photo is stored first, then sent with the message.
  app.post(
    messageImagePath,
    {
      ...sendLimit,
      schema: {
        summary: 'Upload a photo for a message (JPEG, PNG or WebP, at most 5 MB) as the multipart field "photo"',
        tags: ['messages'],
        consumes: ['multipart/form-data'],
        params: conversationIdParams,
        response: { 200: messageImageReply, '4xx': errorReply, '5xx': errorReply },
      },
    },
    async (request) => {
      const actorId = await actor(request);
      const { conversationId } = request.params as { conversationId: string };
      return uploadMessageImage(deps, { actorId, conversationId, bytes: await readImageUpload(request) });
    },
  );

  // Bytes, not JSON, so declared here. Only members read a photo (decision 061), so only their
  // browsers keep it, and for a day: a deleted message's photo does not outlive it long there.
  app.get(
    messageImageFilePath,
    {
      schema: {
        summary: "A message photo (the conversation's members; 404 for anyone else)",
        tags: ['messages'],
        params: messageImageParams,
        response: {
          200: { description: 'The photo, as WebP', content: { 'image/webp': { schema: z.string() } } },
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const { conversationId, imageName } = request.params as z.output<typeof messageImageParams>;
      const bytes = await getMessageImage(deps, { viewerId: await viewer(request), conversationId, imageName });
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
