import { describe, expect, it } from 'vitest';
import { boundsAround, directionsUrl, kmAcrossZoom, mergeColocated } from './map-view.ts';

describe('boundsAround', () => {
  it('spans the distance each way from the point', () => {
    const bounds = boundsAround({ lat: 30.27, lng: -97.74 }, 25);
    expect(bounds.north - 30.27).toBeCloseTo(25 / 111.32, 5);
    expect(30.27 - bounds.south).toBeCloseTo(25 / 111.32, 5);
    // Longitude degrees are shorter away from the equator: the box is wider in degrees.
    expect(bounds.east - -97.74).toBeGreaterThan(bounds.north - 30.27);
    expect(bounds.east - -97.74).toBeCloseTo(-97.74 - bounds.west, 5);
  });

  it('stays inside valid coordinates near the poles and the date line', () => {
    const bounds = boundsAround({ lat: 89.9, lng: 179.9 }, 500);
    expect(bounds.north).toBe(90);
    expect(bounds.east).toBe(180);
    expect(bounds.west).toBe(-180);
    expect(bounds.south).toBeGreaterThan(80);
  });
});

describe('kmAcrossZoom', () => {
  it('halves with each zoom level', () => {
    expect(kmAcrossZoom(10) / kmAcrossZoom(11)).toBeCloseTo(2, 10);
    expect(kmAcrossZoom(11)).toBeGreaterThan(10);
    expect(kmAcrossZoom(11)).toBeLessThan(60);
  });
});

describe('mergeColocated', () => {
  const marker = (id: string, lat: number, lng: number) => ({
    id,
    position: { lat, lng },
    title: `Title ${id}`,
    links: [{ label: id, href: `/places/view/${id}` }],
  });

  it('makes one marker of items at the same spot, listing them all', () => {
    const merged = mergeColocated([
      marker('a', 30.26715, -97.74306),
      marker('b', 30.3, -97.7),
      marker('c', 30.267151, -97.743061),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ id: 'a', title: 'Title a; Title c' });
    expect(merged[0]?.links.map((link) => link.label)).toEqual(['a', 'c']);
    expect(merged[1]).toEqual(marker('b', 30.3, -97.7));
  });
});

describe('directionsUrl', () => {
  it('asks Google Maps for directions to the point, from wherever the player is', () => {
    expect(directionsUrl({ lat: 30.2669, lng: -97.7729 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=30.2669,-97.7729',
    );
  });
});
