import Supercluster from 'supercluster';
import { mergeColocated, type LatLng, type MapBounds, type MapMarker } from './map-view.ts';

/** One thing drawn on the map: a spot (one or more items at one place), or a group of nearby spots. */
export type MapPin =
  | { kind: 'spot'; marker: MapMarker; count: number }
  | { kind: 'cluster'; id: number; position: LatLng; count: number; expansionZoom: number };

/**
 * Nearby spots merge into one numbered pin only when zoomed out beyond a metro area (below
 * cityZoom, 11): at a city's zoom every court keeps its own marker, so a player can tell
 * the parks apart; from a state or the whole country, hundreds of markers would be a blot.
 */
export const clusterMaxZoom = 10;
/** Pins closer than this many pixels merge (supercluster's own unit: a 256 px tile). */
export const clusterRadiusPx = 50;

interface SpotProps {
  index: number;
  count: number;
}

export interface MarkerClusters {
  pinsIn(bounds: MapBounds, zoom: number): MapPin[];
}

/**
 * Items at one place become one spot with their count (mergeColocated); spots near each other
 * become clusters, counted in items, at zoom levels up to clusterMaxZoom (supercluster).
 */
export function clusterMarkers(markers: MapMarker[]): MarkerClusters {
  const spots = mergeColocated(markers);
  const index = new Supercluster<SpotProps, { count: number }>({
    radius: clusterRadiusPx,
    maxZoom: clusterMaxZoom,
    map: (props) => ({ count: props.count }),
    reduce: (total, props) => {
      total.count += props.count;
    },
  });
  index.load(
    spots.map((marker, spotIndex) => ({
      type: 'Feature' as const,
      properties: { index: spotIndex, count: marker.links.length },
      geometry: { type: 'Point' as const, coordinates: [marker.position.lng, marker.position.lat] },
    })),
  );

  return {
    pinsIn(bounds, zoom) {
      const box: [number, number, number, number] = [bounds.west, bounds.south, bounds.east, bounds.north];
      return index.getClusters(box, Math.round(zoom)).flatMap((feature): MapPin[] => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        if ('cluster' in feature.properties && feature.properties.cluster) {
          const id = feature.properties.cluster_id;
          return [
            {
              kind: 'cluster',
              id,
              position: { lat, lng },
              count: feature.properties.count,
              expansionZoom: index.getClusterExpansionZoom(id),
            },
          ];
        }
        const marker = spots[(feature.properties as SpotProps).index];
        return marker ? [{ kind: 'spot', marker, count: marker.links.length }] : [];
      });
    },
  };
}
