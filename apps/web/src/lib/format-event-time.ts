import { useRenderRequest } from './render-request.ts';
import { useBrowserValue } from './use-hydrated.ts';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';
/**
 * When an event happens, as lists show it: in the event's own time zone, with the zone
 * named, so a game in Denver reads the same to a viewer in Austin ("Sat, Jun 6, 6:00 PM
 * MDT"). Event occurrences are instants (ISO strings); the zone is the event's IANA zone.
 */
export function formatEventStart(startsAt: string, timeZone: string, locale?: string): string {
  return dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(startsAt));
}

/**
 * The viewer's own zone: for times that have no zone of their own yet (a season's sessions, a new
 * event), and the event page's "your time" line. Read from the one default formatter: a new
 * Intl.DateTimeFormat on each call cost 1-2 ms of a phone's first seconds each (decision 084).
 */
export function viewerTimeZone(): string {
  return dateTimeFormat(undefined, {}).resolvedOptions().timeZone || 'UTC';
}

let serverRenderedTimeZone: string | null = null;

/** main.tsx: the zone the server rendered this page with (its render state), for the hydrating render. */
export function setServerRenderedTimeZone(zone: string | null | undefined): void {
  serverRenderedTimeZone = zone ?? null;
}

/**
 * The viewer's zone in a render that may be the server's or hydrate it: on the server the zone the
 * browser's cookie said (null without one), while hydrating the same (from the render state), then
 * the browser's own, in a transition (useBrowserValue). Null: not known, say nothing zone-specific.
 */
export function useViewerTimeZone(): string | null {
  const request = useRenderRequest();
  return useBrowserValue<string | null>(viewerTimeZone, request ? request.timeZone : serverRenderedTimeZone);
}

/** "$12" or "$12.50" for a price in cents; "Free" for none. */
export function formatPrice(priceCents: number | null, locale?: string): string {
  if (!priceCents) return 'Free';
  return numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: priceCents % 100 === 0 ? 0 : 2,
  }).format(priceCents / 100);
}

/** The time left to claim an offered spot: "1 h 5 min left", "9 min left", "less than a minute left". */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'the offer has ended';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min left`;
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`;
}
