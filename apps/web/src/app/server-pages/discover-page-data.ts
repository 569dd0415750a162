import { unitForLocale } from '@huddle/shared/distance';
import { discoverEventsQueryOptions, discoverPageSize } from '../../features/discovery/api/discover-events.ts';
import { gameTypesQueryKey } from '../../features/discovery/api/list-game-types.ts';
import { discoverTeamsQuery, discoverTeamsQueryOptions } from '../../features/discovery/api/list-teams.ts';
import { nearbyPlayersListQuery, nearbyPlayersQueryOptions } from '../../features/discovery/api/nearby-players.ts';
import { placesInBoundsQuery, placesInBoundsQueryOptions } from '../../features/discovery/api/places-in-bounds.ts';
import {
  discoverContextFrom,
  filtersFromSearchParams,
  type DiscoverContext,
} from '../../features/discovery/discover-filters.ts';
import { parsePickedCity } from '../../features/discovery/visitor-location.ts';
import { viewerDistanceUnit } from '../../lib/distance-unit.tsx';
import { discoverEventsQueryAt, initialDiscoverView, type DiscoverHere } from '../pages/discover-view.ts';
import type { ViewerPageData } from './viewer-page-data.ts';

/**
 * discover and discover/{context} (pages/discover-page.tsx; decision 075's addendum "discover and
 * home"): the filter's game types and the tab's first list, for the person's city (signed in) or the
 * city a visitor picked (its cookie), each query the page's own, so the page hydrates on exactly
 * these cache entries:
 * - events and games: the list's first page for the map's first view (discover-view.ts) in the
 *   unit the root layout provides (viewerDistanceUnit, the browser's locale read from Accept-Language);
 * - places: the places in that first view;
 * - teams: public teams, nearest the person's city when they have one (no search typed yet);
 * - players: the players nearest a signed-in person's city (a visitor, or a person without a city,
 *   is asked to sign in or set one: nothing to read).
 * A visitor with no city gets the location prompt (events, games, places), as a browser first renders it.
 */
export const discoverPageData: ViewerPageData = async ({ params, url, client, sources }) => {
  const context = discoverContextFrom(params.context);
  if (!context) return false;
  const user = sources.session.user;
  const city = user?.defaultCity ?? null;
  const pickedCity = user ? null : parsePickedCity(sources.request.pickedCity);
  const here: DiscoverHere | null = user ? city : pickedCity;
  // A visitor nowhere yet sees the prompt, no list or map.
  const located = user !== null || here !== null;
  const [gameTypes, listed] = await Promise.all([sources.content.gameTypes(), firstList(context)]);
  if (!listed) return false;
  if (gameTypes) client.setQueryData(gameTypesQueryKey, gameTypes);
  return true;

  /** The tab's first list, put under its query's key; false when its read failed (the browser asks). */
  async function firstList(tab: DiscoverContext): Promise<boolean> {
    switch (tab) {
      case 'events':
      case 'games': {
        if (!located) return true;
        const unit = viewerDistanceUnit(user, pickedCity, unitForLocale(sources.request.language));
        const view = initialDiscoverView(here);
        const query = discoverEventsQueryAt(filtersFromSearchParams(url.searchParams), here, view, unit);
        const firstPage = await sources.content.discoverEvents({ ...query, limit: discoverPageSize });
        if (firstPage)
          client.setQueryData(discoverEventsQueryOptions(query).queryKey, { pages: [firstPage], pageParams: [null] });
        return firstPage !== null;
      }
      case 'places': {
        if (!located) return true;
        const { bounds } = initialDiscoverView(here);
        const places = await sources.content.placesInBounds(placesInBoundsQuery(bounds));
        if (places) client.setQueryData(placesInBoundsQueryOptions(bounds).queryKey, places);
        return places !== null;
      }
      case 'teams': {
        const near = city !== null;
        const teams = await sources.content.discoverTeams(discoverTeamsQuery('', near));
        if (teams) client.setQueryData(discoverTeamsQueryOptions('', near).queryKey, teams);
        return teams !== null;
      }
      case 'players': {
        if (!city) return true;
        const players = await sources.content.nearbyPlayers(nearbyPlayersListQuery(city));
        if (players) client.setQueryData(nearbyPlayersQueryOptions(city).queryKey, players);
        return players !== null;
      }
    }
  }
};
