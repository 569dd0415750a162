import { formatDistance, unitForLocale, type DistanceUnit } from '@huddle/shared/distance';
import { createContext, use } from 'react';

/** The browser's default: miles where its locale's region counts in miles (en-US), else kilometres. */
export function browserDistanceUnit(): DistanceUnit {
  const locale = typeof navigator === 'undefined' ? null : navigator.language;
  // Intl.Locale#maximize is slow (tens of ms on a phone) and the language rarely changes.
  if (!browserUnit || browserUnit.locale !== locale) browserUnit = { locale, unit: unitForLocale(locale) };
  return browserUnit.unit;
}
let browserUnit: { locale: string | null; unit: DistanceUnit } | undefined;

/**
 * The unit every distance on screen is written in (issue 11). The root layout provides the
 * signed-in person's setting (or their city's default); a page may narrow it (signed-out
 * discover: the visitor's picked city). Outside any provider: the browser's locale.
 */
export const DistanceUnitContext = createContext<DistanceUnit>(browserDistanceUnit());

export function useDistanceUnit(): DistanceUnit {
  return use(DistanceUnitContext);
}

/** "2.4 mi away" in the unit of the page. */
export function useFormatDistanceAway(): (km: number) => string {
  const unit = useDistanceUnit();
  return (km) => `${formatDistance(km, unit)} away`;
}
