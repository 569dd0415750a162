import { z } from 'zod';

/** Issue 11: distances in miles or kilometres, a setting of the person (Settings > General). */
export const distanceUnits = ['mi', 'km'] as const;
export const distanceUnit = z.enum(distanceUnits);
export type DistanceUnit = z.infer<typeof distanceUnit>;

export const distanceUnitLabels: Record<DistanceUnit, string> = { mi: 'Miles', km: 'Kilometers' };

export const kmPerMile = 1.609344;

/** The countries where road distances are in miles; everyone else uses kilometres. */
const milesCountries = new Set(['US', 'GB', 'LR', 'MM']);

/** Every city on Huddle is a US city (spec §5: the city picker is restricted to US cities). */
export const usCityCountry = 'US';

/** The default for a two-letter country code (ISO 3166-1), when the person has not chosen. */
export function unitForCountry(countryCode: string | null | undefined): DistanceUnit {
  return countryCode && milesCountries.has(countryCode.toUpperCase()) ? 'mi' : 'km';
}

/** The default for a browser locale ("en-US" → miles, "de-DE" → kilometres; no region → kilometres). */
export function unitForLocale(locale: string | null | undefined): DistanceUnit {
  if (!locale) return 'km';
  // "en-US" names its region; only a bare language ("en") needs Intl's likely-region data,
  // which is slow to build (tens of milliseconds on a phone, at start-up).
  const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2}|\d{3})(?:-|$)/i.exec(locale)?.[1];
  if (region) return unitForCountry(region);
  try {
    return unitForCountry(new Intl.Locale(locale).maximize().region);
  } catch {
    return 'km';
  }
}

/**
 * The one way a distance is written (lists, map popups, player cards): "< 0.1 mi" for
 * anything closer (never "0 km" beside "0.0 km"), one decimal under 10, whole numbers above.
 */
export function formatDistance(km: number, unit: DistanceUnit): string {
  const amount = unit === 'mi' ? km / kmPerMile : km;
  if (amount < 0.1) return `< 0.1 ${unit}`;
  if (amount < 9.95) return `${amount.toFixed(1)} ${unit}`;
  return `${Math.round(amount).toLocaleString('en-US')} ${unit}`;
}

/** A radius in the person's unit as kilometres, for the API (which counts in kilometres). */
export function toKm(amount: number, unit: DistanceUnit): number {
  return unit === 'mi' ? amount * kmPerMile : amount;
}
