import { eventOrganizerEndpoints } from '@huddle/shared/event-organizer';
import { eventEndpoints } from '@huddle/shared/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import { listAttendanceOf, markAttendance } from './event-attendance.service.ts';
import { messagePlayers } from './event-messages.service.ts';
import { addPlayer, cancelOccurrence, searchPlayers } from './event-organizer.service.ts';
import { discoverListReads } from './discover-list-reads.ts';
import { myEvents, myFavorites, placeEvents, teamEvents } from './event-lists.service.ts';
import {
  checkInParty,
  claimOffer,
  joinEvent,
  leaveEvent,
  removeParty,
  reorderWaitlist,
} from './event-parties.service.ts';
import { cancelEvent, createEvent, getEvent, setFavorite, updateEvent } from './events.service.ts';
import { gameRemindersCron, gameRemindersJob, sendGameReminders } from './event-reminders.service.ts';
import { sweepExpiredOffers, type EventDeps } from './waitlist.service.ts';

/** Lapsed waitlist offers are also settled whenever someone opens or joins the occurrence. */
const offerSweepMs = 60_000;

export function registerEventRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, reads, auth, mailer, clock, config, jobs, realtime } = appDeps;
  const deps: EventDeps = { db, clock, mailer, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  registerEndpoint(app, eventEndpoints.createEvent, async ({ request, body }) =>
    createEvent(deps, { actorId: await actor(request), input: body }),
  );
  registerEndpoint(app, eventEndpoints.getEvent, async ({ request, params, query }) => {
    const viewerId = await viewer(request);
    return reads.visitorRead(request, viewerId, (readDb) =>
      getEvent(deps, { viewerId, eventId: params.eventId, occurrence: query.occurrence, readDb }),
    );
  });
  registerEndpoint(app, eventEndpoints.updateEvent, async ({ request, params, body }) =>
    updateEvent(deps, { actorId: await actor(request), eventId: params.eventId, input: body }),
  );
  registerEndpoint(app, eventEndpoints.cancelEvent, async ({ request, params }) =>
    cancelEvent(deps, { actorId: await actor(request), eventId: params.eventId }),
  );
  // Decision 073's shared pages; the server-rendered discover and home read through the same (issue 33).
  const lists = discoverListReads(appDeps);
  registerEndpoint(app, eventEndpoints.discoverEvents, async ({ request, query }) => {
    const { page, shared } = await lists.discover(request, () => viewer(request), query);
    return shared ? shared.replyFor(request.headers['accept-encoding']) : page;
  });
  registerEndpoint(app, eventEndpoints.nearbyEvents, async ({ request, query }) => {
    const { page, shared } = await lists.nearby(request, () => viewer(request), query);
    return shared ? shared.replyFor(request.headers['accept-encoding']) : page;
  });
  registerEndpoint(app, eventEndpoints.myEvents, async ({ request }) =>
    myEvents(db, clock, { actorId: await actor(request) }),
  );
  registerEndpoint(
    app,
    eventEndpoints.joinEvent,
    async ({ request, params, body }) =>
      joinEvent(deps, {
        viewerId: await viewer(request),
        eventId: params.eventId,
        occurrenceStartsAt: body.occurrenceStartsAt,
        friends: body.friends,
        guest: body.guest,
      }),
    // Guest joins take spots without an account (issue 10): a few per client address.
    guestRateLimit(auth, config.guestRateLimitMax),
  );
  registerEndpoint(app, eventEndpoints.leaveEvent, async ({ request, params, query }) => {
    await leaveEvent(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence });
    return { ok: true as const };
  });
  registerEndpoint(app, eventEndpoints.claimOffer, async ({ request, params }) =>
    claimOffer(deps, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, eventEndpoints.removeParty, async ({ request, params }) => {
    await removeParty(deps, { actorId: await actor(request), ...params });
    return { ok: true as const };
  });
  registerEndpoint(app, eventEndpoints.checkInParty, async ({ request, params, body }) =>
    checkInParty(deps, { actorId: await actor(request), ...params, checkedIn: body.checkedIn }),
  );
  registerEndpoint(app, eventEndpoints.reorderWaitlist, async ({ request, params, body }) =>
    reorderWaitlist(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );
  registerEndpoint(app, eventEndpoints.favoriteEvent, async ({ request, params }) =>
    setFavorite(db, { actorId: await actor(request), eventId: params.eventId, favorite: true }),
  );
  registerEndpoint(app, eventEndpoints.unfavoriteEvent, async ({ request, params }) =>
    setFavorite(db, { actorId: await actor(request), eventId: params.eventId, favorite: false }),
  );
  registerEndpoint(app, eventEndpoints.myFavorites, async ({ request }) =>
    myFavorites(db, clock, { actorId: await actor(request) }),
  );
  registerEndpoint(app, eventEndpoints.placeEvents, async ({ request, params }) => {
    const viewerId = await viewer(request);
    return reads.visitorRead(request, viewerId, (readDb) =>
      placeEvents(readDb, clock, { placeId: params.placeId, viewerId }),
    );
  });
  registerEndpoint(app, eventEndpoints.teamEvents, async ({ request, params }) => {
    const viewerId = await viewer(request);
    return reads.visitorRead(request, viewerId, (readDb) =>
      teamEvents(readDb, clock, { viewerId, teamId: params.teamId }),
    );
  });

  // Issue 11: the organizer's tools on the manage page.
  registerEndpoint(app, eventOrganizerEndpoints.cancelOccurrence, async ({ request, params, body }) =>
    cancelOccurrence(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );
  registerEndpoint(app, eventOrganizerEndpoints.searchPlayers, async ({ request, params, query }) =>
    searchPlayers(deps, { actorId: await actor(request), eventId: params.eventId, q: query.q }),
  );
  registerEndpoint(app, eventOrganizerEndpoints.addPlayer, async ({ request, params, body }) =>
    addPlayer(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );
  registerEndpoint(app, eventOrganizerEndpoints.listAttendance, async ({ request, params, query }) =>
    listAttendanceOf(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence }),
  );
  registerEndpoint(app, eventOrganizerEndpoints.markAttendance, async ({ request, params, body }) =>
    markAttendance(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );
  registerEndpoint(app, eventOrganizerEndpoints.messagePlayers, async ({ request, params, body }) =>
    messagePlayers(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );

  jobs.define(gameRemindersJob, async () => {
    await sendGameReminders(deps);
  });
  jobs.every(gameRemindersJob, gameRemindersCron);

  // Offers lapse while nobody looks: a cheap indexed sweep settles them once a minute. Several
  // instances may sweep at once; the event lock makes that harmless.
  let sweep: Promise<void> | undefined;
  const timer = setInterval(() => {
    sweep ??= sweepExpiredOffers(deps)
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'waitlist offer sweep failed'))
      .finally(() => {
        sweep = undefined;
      });
  }, offerSweepMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweep;
  });
}
