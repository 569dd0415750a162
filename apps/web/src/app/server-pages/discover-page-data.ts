import { unitForLocale } from '@huddle/shared/distance';
import { discoverEventsQueryOptions, discoverPageSize } from '../../features/discovery/api/discover-events.ts';
import { gameTypesQueryKey } from '../../features/discovery/api/list-game-types.ts';
import { discoverContextFrom, filtersFromSearchParams } from '../../features/discovery/discover-filters.ts';
import { parsePickedCity } from '../../features/discovery/visitor-location.ts';
import { viewerDistanceUnit } from '../../lib/distance-unit.tsx';
import { discoverEventsQueryAt, initialDiscoverView, type DiscoverHere } from '../pages/discover-view.ts';
import type { ViewerPageData } from './viewer-page-data.ts';

/**
 * discover and discover/{events,games} (pages/discover-page.tsx; decision 075's addendum "discover
 * and home"): the filter's game types and the list's first page, for the person's city (signed in)
 * or the city a visitor picked (its cookie). The query is the page's own for the map's first view
 * (discover-view.ts) in the unit the root layout provides (viewerDistanceUnit, the browser's locale
 * read from Accept-Language), so the page hydrates on exactly this cache entry. A visitor with no
 * city gets the location prompt, as a browser first renders it. Places, teams and players are left
 * to the browser.
 */
export const discoverPageData: ViewerPageData = async ({ params, url, client, sources }) => {
  const context = discoverContextFrom(params.context);
  if (context !== 'events' && context !== 'games') return false;
  const user = sources.session.user;
  const pickedCity = user ? null : parsePickedCity(sources.request.pickedCity);
  const here: DiscoverHere | null = user ? user.defaultCity : pickedCity;
  const unit = viewerDistanceUnit(user, pickedCity, unitForLocale(sources.request.language));
  const query = discoverEventsQueryAt(filtersFromSearchParams(url.searchParams), here, initialDiscoverView(here), unit);
  // A visitor nowhere yet sees the prompt, no list.
  const listed = user !== null || here !== null;
  const [gameTypes, firstPage] = await Promise.all([
    sources.content.gameTypes(),
    listed ? sources.content.discoverEvents({ ...query, limit: discoverPageSize }) : null,
  ]);
  if (listed && !firstPage) return false;
  if (gameTypes) client.setQueryData(gameTypesQueryKey, gameTypes);
  if (firstPage)
    client.setQueryData(discoverEventsQueryOptions(query).queryKey, { pages: [firstPage], pageParams: [null] });
  return true;
};
