import { eventOrganizerEndpoints } from '@huddle/shared/event-organizer';
import { eventEndpoints } from '@huddle/shared/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { CachedReply } from '../../lib/cached-reply.ts';
import { registerEndpoint, serializeReply } from '../../lib/endpoint-route.ts';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import { listAttendanceOf, markAttendance } from './event-attendance.service.ts';
import { messagePlayers } from './event-messages.service.ts';
import { addPlayer, cancelOccurrence, searchPlayers } from './event-organizer.service.ts';
import { createDiscoverCache, sharedCacheUse, type SharedDiscoverPage } from './discover-cache.ts';
import { discoverEvents, myEvents, myFavorites, nearbyEvents, placeEvents, teamEvents } from './event-lists.service.ts';
import {
  checkInParty,
  claimOffer,
  joinEvent,
  leaveEvent,
  removeParty,
  reorderWaitlist,
} from './event-parties.service.ts';
import { cancelEvent, createEvent, getEvent, setFavorite, updateEvent, withViewerStatuses } from './events.service.ts';
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
  const discoverCache = createDiscoverCache(realtime, { maxEntries: config.discoverCacheEntries });
  if (discoverCache) appDeps.responseCaches.set('discover', discoverCache.cache);
  /**
   * Decision 073: a list page read for nobody (no viewer status) is shared for up to a second. It
   * is read from the primary, so the second counts from the write, not from a replica's lag. A
   * visitor gets it as it is; a signed-in person (issue 32) the same page with their own status
   * read now, from the primary (what they just did shows), and kept nowhere. Undefined: this
   * request reads the old way.
   */
  const sharedListPage = async (
    request: FastifyRequest,
    endpoint: typeof eventEndpoints.discoverEvents | typeof eventEndpoints.nearbyEvents,
    key: string,
    read: () => Promise<SharedDiscoverPage['page']>,
  ) => {
    const use = discoverCache ? sharedCacheUse(request) : 'none';
    if (!discoverCache || use === 'none') return undefined;
    const { value } = await discoverCache.cache.get(key, async () => {
      const page = await read();
      return {
        value: { reply: new CachedReply(serializeReply(endpoint, page).json), page },
        tags: page.events.map((event) => event.id),
      };
    });
    const viewerId = use === 'viewer' ? await viewer(request) : undefined;
    if (!viewerId) return value.reply.replyFor(request.headers['accept-encoding']);
    return {
      events: await withViewerStatuses(db, viewerId, value.page.events, clock.now()),
      nextStartId: value.page.nextStartId,
    };
  };
  registerEndpoint(app, eventEndpoints.discoverEvents, async ({ request, query }) => {
    if (discoverCache) {
      const shared = discoverCache.normalise(query);
      const page = await sharedListPage(request, eventEndpoints.discoverEvents, discoverCache.key(shared), () =>
        discoverEvents(db, clock, { query: shared }),
      );
      if (page) return page;
    }
    // Decision 066: lists anyone may see a few seconds late read from the replica.
    const viewerId = await viewer(request);
    return reads.staleRead(request, (readDb) => discoverEvents(readDb, clock, { query, viewerId }));
  });
  registerEndpoint(app, eventEndpoints.nearbyEvents, async ({ request, query }) => {
    if (discoverCache) {
      const shared = discoverCache.nearby(query);
      const page = await sharedListPage(request, eventEndpoints.nearbyEvents, shared.key, () =>
        nearbyEvents(db, clock, shared.query),
      );
      if (page) return page;
    }
    const viewerId = await viewer(request);
    return reads.staleRead(request, (readDb) => nearbyEvents(readDb, clock, { ...query, viewerId }));
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
