import type { Feature, FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { outlineInView } from './outline-in-view.ts';

const square = (id: string, west: number, south: number, size: number): Feature => ({
  type: 'Feature',
  id,
  properties: {},
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [west, south],
          [west + size, south],
          [west + size, south + size],
          [west, south + size],
          [west, south],
        ],
      ],
    ],
  },
});

// Texas-ish, Oklahoma-ish and Maine-ish boxes.
const outline: FeatureCollection = {
  type: 'FeatureCollection',
  features: [square('tx', -106, 26, 12), square('ok', -103, 34, 8), square('me', -71, 43, 4)],
};

describe('the offline outline in view', () => {
  it('keeps the shapes a city’s view meets, with a margin of the view’s size, and leaves out the far ones', () => {
    // Austin, a few kilometres across.
    const austin = { south: 30.2, west: -97.8, north: 30.3, east: -97.7 };
    expect(outlineInView(outline, austin).features.map((feature) => feature.id)).toEqual(['tx']);
    // Just south of Oklahoma: within one view's height of it.
    const redRiver = { south: 32.5, west: -98, north: 33.5, east: -97 };
    expect(outlineInView(outline, redRiver).features.map((feature) => feature.id)).toEqual(['tx', 'ok']);
  });

  it('gives the same collection back when every shape is in view', () => {
    const country = { south: 20, west: -130, north: 50, east: -60 };
    expect(outlineInView(outline, country)).toBe(outline);
  });
});
