/**
 * When an event happens, as lists show it: in the event's own time zone, with the zone
 * named, so a game in Denver reads the same to a viewer in Austin ("Sat, Jun 6, 6:00 PM
 * MDT"). Event occurrences are instants (ISO strings); the zone is the event's IANA zone.
 */
export function formatEventStart(startsAt: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(startsAt));
}

/** The viewer's own zone: for times that have no zone of their own yet (a season's sessions). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "$12" or "$12.50" for a price in cents; "Free" for none. */
export function formatPrice(priceCents: number | null, locale?: string): string {
  if (!priceCents) return 'Free';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: priceCents % 100 === 0 ? 0 : 2,
  }).format(priceCents / 100);
}
