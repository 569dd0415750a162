import type { ReactNode } from 'react';
import type { Bounds, LatLng } from '@huddle/shared/places';

export type { LatLng };
/** The map's visible area, in the shape the API's bounds queries take (spec §7). */
export type MapBounds = Bounds;

/** Where the map looks: reported after every pan and zoom. */
export interface MapView {
  center: LatLng;
  zoom: number;
  bounds: MapBounds;
}

export interface MapMarkerLink {
  label: string;
  href: string;
  /** A second line under the link (a time and spots left, an address). */
  detail?: string;
  /** More under the link, after the detail (the viewer's own status at an event). */
  extra?: ReactNode;
}

export interface MapMarker {
  id: string;
  position: LatLng;
  /** The marker's accessible name (a button for the keyboard). */
  title: string;
  /** What its popup lists: the items at this point, each also in the list beside the map. */
  links: MapMarkerLink[];
}

/**
 * Turn-by-turn directions to a point (decision 017): Google Maps' universal link, as TeamSnap
 * and Meetup use. It opens the Google Maps app where one is installed (Android, iOS) and the
 * website elsewhere, and starts from wherever the player is.
 */
export function directionsUrl(destination: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${destination.lat},${destination.lng}`;
}

/** The contiguous United States, for a visitor whose city is not known. */
export const usView = { center: { lat: 39.5, lng: -98.35 }, zoom: 4 } as const;
/** About a metro area: the zoom a map opens at around a city or a place. */
export const cityZoom = 11;

/** Where a map opens for someone: their city when known, else the whole country. */
export function viewAround(city: LatLng | null): { center: LatLng; zoom: number } {
  return city ? { center: { lat: city.lat, lng: city.lng }, zoom: cityZoom } : usView;
}

const kmPerDegreeLat = 111.32;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The box `km` kilometres each way from a point: the area asked for before a map has
 * measured itself (the list on a phone shows while the map is hidden).
 */
export function boundsAround(center: LatLng, km: number): MapBounds {
  const latDelta = km / kmPerDegreeLat;
  // A degree of longitude shrinks towards the poles; near them the box spans every longitude.
  const cosLat = Math.cos((center.lat * Math.PI) / 180);
  const lngDelta = cosLat < 0.01 ? 180 : km / (kmPerDegreeLat * cosLat);
  const everyLongitude = lngDelta >= 180;
  return {
    south: clamp(center.lat - latDelta, -90, 90),
    north: clamp(center.lat + latDelta, -90, 90),
    west: everyLongitude ? -180 : clamp(center.lng - lngDelta, -180, 180),
    east: everyLongitude ? 180 : clamp(center.lng + lngDelta, -180, 180),
  };
}

/** The half-width in km a view at this zoom shows on a phone-sized map (about 400 px). */
export function kmAcrossZoom(zoom: number): number {
  // 256 px tiles: the world is 256 * 2^zoom px wide at the equator (40,075 km).
  return (40_075 / (256 * 2 ** zoom)) * 200;
}

/**
 * Markers at the same spot (two places on one corner) would hide each other: they become
 * one marker whose popup lists every item, so each stays reachable from the map.
 */
export function mergeColocated(markers: MapMarker[]): MapMarker[] {
  const bySpot = new Map<string, MapMarker>();
  for (const marker of markers) {
    // 5 decimals is about a metre: closer than that is one spot on any screen.
    const spot = `${marker.position.lat.toFixed(5)},${marker.position.lng.toFixed(5)}`;
    const existing = bySpot.get(spot);
    if (existing) {
      bySpot.set(spot, {
        ...existing,
        title: `${existing.title}; ${marker.title}`,
        links: [...existing.links, ...marker.links],
      });
    } else {
      bySpot.set(spot, marker);
    }
  }
  return [...bySpot.values()];
}
