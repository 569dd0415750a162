import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { MapBounds } from './map-view.ts';

interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

const boxes = new WeakMap<Feature, Box>();

function positionsOf(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    case 'GeometryCollection':
      return geometry.geometries.flatMap(positionsOf);
  }
}

/** A feature's bounding box, measured once per feature. */
function boxOf(feature: Feature): Box {
  let box = boxes.get(feature);
  if (box) return box;
  box = { south: 90, west: 180, north: -90, east: -180 };
  for (const [lng = 0, lat = 0] of feature.geometry ? positionsOf(feature.geometry) : []) {
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
    box.west = Math.min(box.west, lng);
    box.east = Math.max(box.east, lng);
  }
  boxes.set(feature, box);
  return box;
}

/**
 * The offline outline's features (US states) whose box meets the map's view, grown by its own size
 * on every side (a pan shows no gap before the next pick): the map draws only those. Leaflet projects
 * every point of every shape it is given, and all fifty states are a phone's ~200 ms task (issue 33:
 * the place page's Total Blocking Time without tiles); a city's view meets one state or a few.
 * The same collection back when every feature is in view, so a whole-country view costs nothing more.
 */
export function outlineInView(outline: FeatureCollection, view: MapBounds): FeatureCollection {
  const height = view.north - view.south;
  const width = view.east - view.west;
  const near = {
    south: view.south - height,
    north: view.north + height,
    west: view.west - width,
    east: view.east + width,
  };
  const features = outline.features.filter((feature) => {
    const box = boxOf(feature);
    return box.north >= near.south && box.south <= near.north && box.east >= near.west && box.west <= near.east;
  });
  return features.length === outline.features.length ? outline : { ...outline, features };
}
