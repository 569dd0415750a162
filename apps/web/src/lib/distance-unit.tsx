import {
  formatDistance,
  unitForCountry,
  unitForLocale,
  usCityCountry,
  type DistanceUnit,
} from '@huddle/shared/distance';
import { createContext, use } from 'react';
import { useRenderRequest } from './render-request.ts';

/** The browser's default: miles where its locale's region counts in miles (en-US), else kilometres. */
export function browserDistanceUnit(): DistanceUnit {
  const locale = typeof navigator === 'undefined' ? null : navigator.language;
  // Intl.Locale#maximize is slow (tens of ms on a phone) and the language rarely changes.
  if (!browserUnit || browserUnit.locale !== locale) browserUnit = { locale, unit: unitForLocale(locale) };
  return browserUnit.unit;
}
let browserUnit: { locale: string | null; unit: DistanceUnit } | undefined;

/**
 * The browser's default in a render: on the server the request's first Accept-Language (issue 33:
 * what navigator.language says in that browser, so the page hydrates in the same unit), else the
 * browser's own locale.
 */
export function useBrowserDistanceUnit(): DistanceUnit {
  const request = useRenderRequest();
  return request ? unitForLocale(request.language) : browserDistanceUnit();
}

/**
 * Issue 11: the person's unit (their choice, else the browser's), for a visitor the country of the
 * city they picked on discover, else the browser's. One rule for the root layout's provider and the
 * server's first discover query (issue 33), which must agree.
 */
export function viewerDistanceUnit(
  user: { distanceUnit: DistanceUnit | null } | null,
  pickedCity: { name: string } | null,
  browserUnit: DistanceUnit,
): DistanceUnit {
  if (user) return user.distanceUnit ?? browserUnit;
  return pickedCity ? unitForCountry(usCityCountry) : browserUnit;
}

/**
 * The unit every distance on screen is written in (issue 11). The root layout provides the
 * signed-in person's setting (or their city's default); a page may narrow it (signed-out
 * discover: the visitor's picked city). Outside any provider: the browser's locale.
 */
export const DistanceUnitContext = createContext<DistanceUnit | null>(null);

export function useDistanceUnit(): DistanceUnit {
  // The browser's unit is read on first use, not as this module loads (issue 33: the page's
  // module-evaluation task on a phone).
  return use(DistanceUnitContext) ?? browserDistanceUnit();
}

/** "2.4 mi away" in the unit of the page. */
export function useFormatDistanceAway(): (km: number) => string {
  const unit = useDistanceUnit();
  return (km) => `${formatDistance(km, unit)} away`;
}
