import type { discoveryEndpoints } from './discovery.ts';
import type { EndpointInput, EndpointReply } from './endpoint.ts';
import type { eventEndpoints } from './events.ts';
import type { profileEndpoints } from './profiles.ts';
import type { seasonEndpoints } from './seasons.ts';

type QueryOf<E> = E extends { query: infer Q } ? Q : never;

/**
 * The server's reads for discover and home (issue 33, decision 075's addendum "discover and home"),
 * one per GET endpoint those pages read, as ContentPageSources lists the content pages' (which
 * extends this list: one binding, one registration). Each is what that endpoint sends the person
 * asking for this query, or null where it answers with an error (a visitor asking for what needs a
 * session, a query the endpoint refuses).
 */
export interface DiscoverHomePageSources {
  /** GET /api/events: the discover list's first page (decision 073's shared page, the viewer's statuses added). */
  discoverEvents: (
    query: QueryOf<EndpointInput<typeof eventEndpoints.discoverEvents>>,
  ) => Promise<EndpointReply<typeof eventEndpoints.discoverEvents> | null>;
  /** GET /api/game-types (discover's filter). */
  gameTypes: () => Promise<EndpointReply<typeof profileEndpoints.listGameTypes> | null>;
  /** GET /api/me/events (home's "Upcoming events"): null for a visitor. */
  myEvents: () => Promise<EndpointReply<typeof eventEndpoints.myEvents> | null>;
  /** GET /api/events/nearby (home's "Nearby events"). */
  nearbyEvents: (
    query: QueryOf<EndpointInput<typeof eventEndpoints.nearbyEvents>>,
  ) => Promise<EndpointReply<typeof eventEndpoints.nearbyEvents> | null>;
  /** GET /api/users/nearby (home's "Nearby players"): null for a visitor. */
  nearbyPlayers: (
    query: QueryOf<EndpointInput<typeof discoveryEndpoints.nearbyPlayers>>,
  ) => Promise<EndpointReply<typeof discoveryEndpoints.nearbyPlayers> | null>;
  /** GET /api/me/registrations (home's "Registrations"): null for a visitor. */
  myRegistrations: () => Promise<EndpointReply<typeof seasonEndpoints.listMyRegistrations> | null>;
}
