import { calendarEndpoints } from '@huddle/shared/calendar';
import { errorReply } from '@huddle/shared/error-reply';
import { eventIdParams, occurrenceQuery } from '@huddle/shared/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  createFeed,
  eventCalendar,
  feedCalendar,
  listFeeds,
  revokeFeed,
  type CalendarFile,
} from './calendar.service.ts';

/** Any token that is not a live feed's, well-formed or not, is simply unknown (404). */
const feedTokenParams = z.object({ token: z.string().min(1).max(200) });

/** The OpenAPI document says what these answer, so client generators do not expect JSON. */
const calendarFileReply = {
  description: 'An iCalendar file (RFC 5545)',
  content: { 'text/calendar': { schema: z.string() } },
};

const sendCalendar = (reply: FastifyReply, { filename, ics }: CalendarFile, disposition: 'attachment' | 'inline') =>
  reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    // Written from the database on every request, and personal: a cached copy would hide edits
    // and cancellations, or outlive a revoked feed.
    .header('cache-control', 'no-store')
    .send(ics);

export function registerCalendarRoutes(app: FastifyInstance, { db, auth, clock, config }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const site = { origin: config.publicOrigin };

  registerEndpoint(app, calendarEndpoints.listFeeds, async ({ request }) =>
    listFeeds(db, site, { actorId: await actor(request) }),
  );
  registerEndpoint(app, calendarEndpoints.createFeed, async ({ request, body }) =>
    createFeed(db, site, { actorId: await actor(request), teamId: body.teamId }),
  );
  registerEndpoint(app, calendarEndpoints.revokeFeed, async ({ request, params }) => {
    await revokeFeed(db, clock, { actorId: await actor(request), feedId: params.feedId });
    return { ok: true as const };
  });

  // iCalendar is not JSON, so these two are declared here (paths: eventCalendarPath and
  // calendarFeedPath in packages/shared/calendar.ts); errors still use the error reply.
  app.get(
    '/api/events/:eventId/calendar.ics',
    {
      schema: {
        summary:
          'One event as an iCalendar file in the event’s time zone: every occurrence, or with ?occurrence= that date alone',
        tags: ['calendar'],
        params: eventIdParams,
        querystring: occurrenceQuery,
        response: { 200: calendarFileReply, '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params as z.infer<typeof eventIdParams>;
      const { occurrence } = request.query as z.infer<typeof occurrenceQuery>;
      const viewerId = await findSessionUserId(auth, request);
      const file = await eventCalendar(db, clock, site, { viewerId, eventId, occurrence });
      return sendCalendar(reply, file, 'attachment');
    },
  );
  app.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        summary: 'A private calendar feed (my games, or a team) for calendar apps; no session, the token is the key',
        tags: ['calendar'],
        params: feedTokenParams,
        response: { 200: calendarFileReply, '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const { token } = request.params as z.infer<typeof feedTokenParams>;
      return sendCalendar(reply, await feedCalendar(db, clock, site, { token }), 'inline');
    },
  );
}
