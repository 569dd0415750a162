import type { FullSearchReply, PlayerHit } from '@huddle/shared/discovery';
import type { EventSummary } from '@huddle/shared/events';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toSummaries } from '../events/events.service.ts';
import { toPlace } from '../places/places.service.ts';
import { usersBlockedEitherWay } from '../profiles/profiles.service.ts';
import {
  nearbyPlayerRows,
  searchEventRows,
  searchEventRowsByContext,
  searchPlaceRowsByTerms,
  searchPlayerRows,
  searchTeamRows,
  searchTermsOf,
  type SearchTerms,
} from './discovery.repository.ts';

/** The viewer and everyone blocked either way: never shown to each other (spec §3 privacy, §4). */
async function hiddenFrom(db: Database, viewerId: string | undefined): Promise<string[]> {
  if (!viewerId) return [];
  return [viewerId, ...(await usersBlockedEitherWay(db, viewerId))];
}

function toPlayerHit(
  row: { id: string; name: string; image: string | null; city: string | null },
  distanceKm: number | null,
): PlayerHit {
  return {
    id: row.id,
    displayName: row.name.trim() || displayNameFallback,
    photoURL: row.image || defaultPhotoPath,
    city: row.city,
    distanceKm,
  };
}

const nextStartOf = (event: EventSummary) => event.next?.startsAt ?? '9999';

/**
 * Events for full-search, ranked (issue 11): those whose title matches, best match first; then
 * those whose game type, place or team matches, soonest next date first. `terms` are the text's
 * search queries when the caller has them already (fullSearch reads them once for every group).
 */
export async function searchEvents(
  db: Database,
  {
    text,
    now,
    limit,
    viewerId,
    terms,
  }: { text: string; now: Date; limit: number; viewerId: string | undefined; terms?: SearchTerms },
): Promise<EventSummary[]> {
  const searchTerms = terms ?? (await searchTermsOf(db, text));
  if (!searchTerms) return [];
  const [byTitle, byContext] = await Promise.all([
    searchEventRows(db, { terms: searchTerms, now, limit }),
    searchEventRowsByContext(db, { text, terms: searchTerms, now, limit }),
  ]);
  const titled = new Set(byTitle.map((row) => row.event.id));
  // The events feature's mapper, so a search hit reads exactly like the same event in any list.
  const [first, rest] = await Promise.all([
    toSummaries(
      db,
      byTitle.map((row) => ({ ...row, distanceKm: null })),
      now,
      { viewerId },
    ),
    toSummaries(
      db,
      byContext.filter((row) => !titled.has(row.event.id)).map((row) => ({ ...row, distanceKm: null })),
      now,
      { viewerId },
    ),
  ]);
  rest.sort((a, b) => nextStartOf(a).localeCompare(nextStartOf(b)) || a.id.localeCompare(b.id));
  return [...first, ...rest].slice(0, limit);
}

/**
 * Full-search (issue 5): events, teams, places and players matching the text, each group best
 * match first and at most `limit` long. Every word of the text counts, as a prefix ("zilk") or
 * as a known word like it ("basketbal"), in any case and with or without accents (decision 071);
 * events are also found by game type, place and team (searchEvents). Only what anyone may see:
 * future public events that are not cancelled, public teams, and of players only display name,
 * photo and city.
 */
export async function fullSearch(
  db: Database,
  clock: Clock,
  { viewerId, text, limit }: { viewerId: string | undefined; text: string; limit: number },
): Promise<FullSearchReply> {
  const now = clock.now();
  const [excludeIds, terms] = await Promise.all([hiddenFrom(db, viewerId), searchTermsOf(db, text)]);
  if (!terms) return { events: [], teams: [], places: [], players: [] };
  const [events, teams, places, players] = await Promise.all([
    searchEvents(db, { text, now, limit, viewerId, terms }),
    searchTeamRows(db, { terms, limit }),
    searchPlaceRowsByTerms(db, { terms, limit }),
    searchPlayerRows(db, { terms, excludeIds, limit }),
  ]);
  return {
    events,
    teams: teams.map((team) => ({ ...team, kind: team.kind as 'team' | 'community' })),
    places: places.map((row) => toPlace(row, viewerId)),
    players: players.map((row) => toPlayerHit(row, null)),
  };
}

/** Home "nearby players" (spec §4): nearest default city first, never the viewer, nobody blocked either way. */
export async function nearbyPlayers(
  db: Database,
  { viewerId, lat, lng, limit }: { viewerId: string; lat: number; lng: number; limit: number },
): Promise<{ players: PlayerHit[] }> {
  const rows = await nearbyPlayerRows(db, { lat, lng, excludeIds: await hiddenFrom(db, viewerId), limit });
  return { players: rows.map((row) => toPlayerHit(row, Math.round(row.distanceKm * 10) / 10)) };
}
