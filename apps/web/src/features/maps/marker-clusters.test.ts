import { describe, expect, it } from 'vitest';
import type { MapBounds, MapMarker } from './map-view.ts';
import { clusterMarkers, clusterMaxZoom, type MapPin } from './marker-clusters.ts';

const marker = (id: string, lat: number, lng: number, items = 1): MapMarker => ({
  id,
  position: { lat, lng },
  title: `Title ${id}`,
  links: Array.from({ length: items }, (_, index) => ({ label: `${id}${index}`, href: `/x/${id}/${index}` })),
});

const world: MapBounds = { south: -85, west: -180, north: 85, east: 180 };
const austin = { lat: 30.2672, lng: -97.7431 };
// Zilker Park and the Mueller fields: about 7 km apart, both in Austin.
const zilker = marker('zilker', 30.2669, -97.7729);
const mueller = marker('mueller', 30.2984, -97.7056);
const dallas = marker('dallas', 32.7767, -96.797);

const counts = (pins: MapPin[]) =>
  pins.map((pin) => (pin.kind === 'spot' ? `${pin.marker.id}:${pin.count}` : `group:${pin.count}`)).sort();

describe('clusterMarkers', () => {
  it('makes one numbered marker of the items at one place, listing them all', () => {
    const twoGames = [marker('zilker-a', 30.2669, -97.7729), marker('zilker-b', 30.2669, -97.7729)];
    const pins = clusterMarkers(twoGames).pinsIn(world, 15);
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({ kind: 'spot', count: 2 });
    expect(pins[0]?.kind === 'spot' && pins[0].marker.links.map((link) => link.label)).toEqual([
      'zilker-a0',
      'zilker-b0',
    ]);
    // A place's marker that already lists three games counts three.
    expect(counts(clusterMarkers([marker('park', austin.lat, austin.lng, 3)]).pinsIn(world, 15))).toEqual(['park:3']);
  });

  it('groups nearby places when zoomed out, counting their items, and zooms in on a group', () => {
    const clusters = clusterMarkers([zilker, marker('mueller', mueller.position.lat, mueller.position.lng, 2), dallas]);
    // The whole country: Austin's two places are one group of three games; Dallas is far.
    const country = clusters.pinsIn(world, 4);
    expect(counts(country)).toEqual(['dallas:1', 'group:3']);
    const group = country.find((pin) => pin.kind === 'cluster');
    expect(group?.kind === 'cluster' && group.expansionZoom).toBeGreaterThan(4);
    expect(group?.kind === 'cluster' && group.expansionZoom).toBeLessThanOrEqual(clusterMaxZoom + 1);
    // A city's zoom (11) shows every place on its own.
    expect(counts(clusters.pinsIn(world, 11))).toEqual(['dallas:1', 'mueller:2', 'zilker:1']);
  });

  it('draws only the pins inside the view', () => {
    const aroundAustin = { south: 30, west: -98, north: 30.5, east: -97.5 };
    expect(counts(clusterMarkers([zilker, mueller, dallas]).pinsIn(aroundAustin, 12))).toEqual([
      'mueller:1',
      'zilker:1',
    ]);
  });
});
