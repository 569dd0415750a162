import type { DistanceUnit } from '@huddle/shared/distance';
import type { DiscoverEventsQuery } from '@huddle/shared/events';
import { discoverEventsQueryFor, type DiscoverFilters } from '../../features/discovery/discover-filters.ts';
import { boundsAround, cityZoom, kmAcrossZoom, usView, type MapView } from '../../features/maps/map-view.ts';

/** Where discover's list counts from: a city (named) or the visitor's device (no name). */
export interface DiscoverHere {
  name: string | null;
  lat: number;
  lng: number;
}

/**
 * Where discover's map opens, before it has measured itself: around the viewer's city or position,
 * else the whole country. Pure (no Leaflet): the server's first query is computed from it (issue 33).
 */
export function initialDiscoverView(here: DiscoverHere | null): MapView {
  const start = here ? { center: { lat: here.lat, lng: here.lng }, zoom: cityZoom } : usView;
  return { ...start, bounds: boundsAround(start.center, kmAcrossZoom(start.zoom)) };
}

/**
 * The events query of discover's list for a map view: distances count from the viewer's city or
 * position, without either from the map's centre. The page asks it for the map's settled view; the
 * server (server-pages/discover-page-data.ts) for the first view, so it fills exactly the query key
 * the page reads when it hydrates.
 */
export function discoverEventsQueryAt(
  filters: DiscoverFilters,
  here: DiscoverHere | null,
  view: MapView,
  unit: DistanceUnit,
): DiscoverEventsQuery {
  const origin = here ? { lat: here.lat, lng: here.lng } : view.center;
  return discoverEventsQueryFor(filters, { origin, bounds: view.bounds }, unit);
}
