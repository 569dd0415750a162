import type { availabilityEndpoints } from './availability.ts';
import type { discoveryEndpoints } from './discovery.ts';
import type { EndpointInput, EndpointReply } from './endpoint.ts';
import type { eventEndpoints } from './events.ts';
import type { placeEndpoints } from './places.ts';
import type { profileEndpoints } from './profiles.ts';
import type { seasonEndpoints } from './seasons.ts';
import type { teamEndpoints } from './teams.ts';

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
  /** GET /api/users/nearby (home's "Nearby players", discover/players): null for a visitor. */
  nearbyPlayers: (
    query: QueryOf<EndpointInput<typeof discoveryEndpoints.nearbyPlayers>>,
  ) => Promise<EndpointReply<typeof discoveryEndpoints.nearbyPlayers> | null>;
  /** GET /api/places (discover/places: the places in the map's first view). */
  placesInBounds: (
    query: QueryOf<EndpointInput<typeof placeEndpoints.listPlacesInBounds>>,
  ) => Promise<EndpointReply<typeof placeEndpoints.listPlacesInBounds> | null>;
  /** GET /api/teams (discover/teams: public teams, nearest the person's city when asked). */
  discoverTeams: (
    query: QueryOf<EndpointInput<typeof teamEndpoints.listTeams>>,
  ) => Promise<EndpointReply<typeof teamEndpoints.listTeams> | null>;
  /** GET /api/me/registrations (home's "Registrations"): null for a visitor. */
  myRegistrations: () => Promise<EndpointReply<typeof seasonEndpoints.listMyRegistrations> | null>;
  /** GET /api/me/availability (home's "Incomplete tasks": saved once or not): null for a visitor. */
  myAvailability: () => Promise<EndpointReply<typeof availabilityEndpoints.getMyAvailability> | null>;
}

/**
 * The cookie a visitor's picked city travels in (discover, signed out): the browser writes it beside
 * localStorage (`{"name","lat","lng"}`, URI-encoded), so the server renders that visitor's list for
 * it (issue 33). Not HttpOnly: the browser writes and reads it.
 */
export const visitorCityCookie = 'huddle-discover-city';

/**
 * What the server knows of the browser it renders a page for (issue 33): the browser decides the
 * same things from the same facts, so the page hydrates without a mismatch.
 */
export interface RenderRequest {
  /** The first language of Accept-Language ("en-US"): what that browser's navigator.language says. */
  language: string | null;
  /** The visitor's picked city's cookie (visitorCityCookie) as sent, decoded, unchecked. */
  pickedCity: string | null;
  /** The browser's time zone as its last page wrote it (viewerTimeZoneCookie), a zone Intl knows; else null. */
  timeZone: string | null;
}

/**
 * The cookie the browser's own time zone travels in: index.html's inline script writes it before
 * the first paint (public/color-scheme.js, with the Intl formatter it makes anyway), so from a
 * person's second page on the server renders the event page's "Your time" line too, and it no
 * longer appears after hydration (issue 33: layout shift). Not HttpOnly: the browser writes it.
 * The script spells the name out: keep the two the same.
 */
export const viewerTimeZoneCookie = 'huddle-time-zone';

/** A cookie's zone, if Intl knows it ("America/Chicago"); anything else is no zone. */
export function knownTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    // As the browser spelled it: the page hydrates with the zone it will then read itself.
    return value;
  } catch {
    return null;
  }
}

/** The first language of an Accept-Language header ("en-US,en;q=0.9" → "en-US"); null without one. */
export function firstAcceptedLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && first !== '*' ? first : null;
}
