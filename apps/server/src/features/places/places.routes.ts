import { placeEndpoints } from '@huddle/shared/places';
import { profileEndpoints } from '@huddle/shared/profiles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  checkIn,
  checkOut,
  createPlace,
  getPlace,
  listPlacesInBounds,
  searchAddresses,
  updatePlace,
} from './places.service.ts';
import { searchUsCities } from './us-cities.ts';

export function registerPlaceRoutes(app: FastifyInstance, { db, reads, auth, clock }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  registerEndpoint(app, profileEndpoints.searchUsCities, async ({ query }) => ({ cities: searchUsCities(query.q) }));

  registerEndpoint(app, placeEndpoints.createPlace, async ({ request, body }) =>
    createPlace(db, { actorId: await actor(request), place: body }),
  );
  registerEndpoint(app, placeEndpoints.getPlace, async ({ request, params }) => {
    const viewerId = await viewer(request);
    return reads.visitorRead(request, viewerId, (readDb) =>
      getPlace(readDb, clock, { viewerId, placeId: params.placeId }),
    );
  });
  registerEndpoint(app, placeEndpoints.updatePlace, async ({ request, params, body }) =>
    updatePlace(db, clock, { actorId: await actor(request), placeId: params.placeId, place: body }),
  );
  registerEndpoint(app, placeEndpoints.listPlacesInBounds, async ({ request, query }) => {
    const { limit, ...bounds } = query;
    const viewerId = await viewer(request);
    // The map of places nearby: stale-ok (decision 066).
    return reads.staleRead(request, (readDb) => listPlacesInBounds(readDb, { viewerId, bounds, limit }));
  });
  registerEndpoint(app, placeEndpoints.searchAddresses, async ({ query }) =>
    searchAddresses(db, {
      text: query.q,
      near: query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined,
    }),
  );
  registerEndpoint(app, placeEndpoints.checkIn, async ({ request, params, body }) =>
    checkIn(db, clock, { actorId: await actor(request), placeId: params.placeId, hours: body.hours }),
  );
  registerEndpoint(app, placeEndpoints.checkOut, async ({ request }) => {
    await checkOut(db, { actorId: await actor(request) });
    return { ok: true as const };
  });
}
