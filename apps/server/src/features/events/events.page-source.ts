import { eventEndpoints, type EventView } from '@huddle/shared/events';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { serializeReply } from '../../lib/endpoint-route.ts';
import { getEvent } from './events.service.ts';
import type { EventDeps } from './waitlist.service.ts';

/**
 * The event view for a server-rendered event page (decision 075): what GET /api/events/{id} sends
 * this viewer (the same checks of the address, the same service, the same read routing and the
 * reply schema's encoding), or null where the API answers with an error (not found, not visible,
 * no such date): the browser then renders the page and shows what the API says.
 */
export function eventPageSource(appDeps: AppDeps, log: FastifyBaseLogger) {
  const { db, reads, mailer, clock, config, jobs, realtime } = appDeps;
  const deps: EventDeps = { db, clock, mailer, jobs, realtime, publicOrigin: config.publicOrigin, log };
  const endpoint = eventEndpoints.getEvent;
  return async (
    request: FastifyRequest,
    viewerId: string | undefined,
    { eventId, occurrence }: { eventId: string; occurrence: string | null },
  ): Promise<EventView | null> => {
    const params = endpoint.params.safeParse({ eventId });
    const query = endpoint.query.safeParse(occurrence === null ? {} : { occurrence });
    if (!params.success || !query.success) return null;
    try {
      const view = await reads.visitorRead(request, viewerId, (readDb) =>
        getEvent(deps, { viewerId, eventId: params.data.eventId, occurrence: query.data.occurrence, readDb }),
      );
      // As the route sends it: encoded by the reply schema (dates as ISO strings).
      return JSON.parse(serializeReply(endpoint, view).json) as EventView;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
}
