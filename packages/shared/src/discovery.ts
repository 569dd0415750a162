import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { eventSummary } from './events.ts';
import { latitude, longitude, placeReply } from './places.ts';

/** Issue 5: full-search across events, teams, places and players, and players near a point. */
/** How long the text to search for may be (the header search waits for the minimum). */
export const fullSearchTextLength = { min: 2, max: 100 } as const;

export const fullSearchQuery = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(fullSearchTextLength.min, `Type at least ${fullSearchTextLength.min} characters.`)
    .max(fullSearchTextLength.max),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const playerHit = z.object({
  id: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  city: z.string().nullable(),
  distanceKm: z.number().nullable(),
});
export type PlayerHit = z.infer<typeof playerHit>;

export const teamHit = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['team', 'community']),
  gameType: z.string(),
  city: z.string().nullable(),
  photoURL: z.string().nullable(),
});

export const fullSearchReply = z.object({
  events: z.array(eventSummary),
  teams: z.array(teamHit),
  places: z.array(placeReply),
  players: z.array(playerHit),
});
export type FullSearchReply = z.infer<typeof fullSearchReply>;

export const nearbyPlayersQuery = z.object({
  lat: latitude,
  lng: longitude,
  limit: z.coerce.number().int().min(1).max(50).default(7),
});

export const discoveryEndpoints = {
  fullSearch: defineEndpoint({
    method: 'GET',
    path: '/api/search',
    summary: 'Events, teams, places and players matching the text, best match first; private data excluded',
    tags: ['discovery'],
    query: fullSearchQuery,
    reply: fullSearchReply,
  }),
  nearbyPlayers: defineEndpoint({
    method: 'GET',
    path: '/api/users/nearby',
    summary: 'Players nearest to a point, the viewer and people blocked either way excluded (home)',
    tags: ['discovery'],
    query: nearbyPlayersQuery,
    reply: z.object({ players: z.array(playerHit) }),
  }),
};
