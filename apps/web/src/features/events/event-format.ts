import { dateTimeFormat } from '../../lib/intl-formats.ts';
/**
 * How events read on screen. Times are always shown in the event's own zone, named, and in
 * the viewer's zone too when the two clocks differ (issue 5). Intl does the formatting, so
 * the browser bundle carries no date library beyond the shared occurrence helpers.
 */
const locale = 'en-US';

type Instant = string | Date;
const toDate = (instant: Instant) => (typeof instant === 'string' ? new Date(instant) : instant);

function dayIn(instant: Instant, timeZone: string): string {
  return dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(toDate(instant));
}

function timeIn(instant: Instant, timeZone: string): string {
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(toDate(instant));
}

/** "Tue, Jun 2, 2026, 6:30 PM – 8:00 PM"; an end on another day names that day too. */
export function formatTimeRange(startsAt: Instant, endsAt: Instant, timeZone: string): string {
  const startDay = dayIn(startsAt, timeZone);
  const endDay = dayIn(endsAt, timeZone);
  const end = endDay === startDay ? timeIn(endsAt, timeZone) : `${endDay}, ${timeIn(endsAt, timeZone)}`;
  return `${startDay}, ${timeIn(startsAt, timeZone)} – ${end}`;
}

/** "America/Chicago (CDT)": the IANA name people chose, and the abbreviation in force then. */
export function zoneLabel(timeZone: string, at: Instant): string {
  const short = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(toDate(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  // UTC names itself: 'UTC', not 'UTC (UTC)'.
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/**
 * Whether the viewer's wall clock reads differently from the event's at that instant.
 * Compared by the clock, not the zone name: Chicago and Winnipeg read alike.
 */
export function clocksDiffer(at: Instant, eventZone: string, viewerZone: string): boolean {
  const clock = (timeZone: string) =>
    dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(toDate(at));
  return clock(eventZone) !== clock(viewerZone);
}

/** A short label for one occurrence in a picker: "Tue, Jun 2, 2026, 6:30 PM". */
export function formatOccurrence(startsAt: Instant, timeZone: string): string {
  return `${dayIn(startsAt, timeZone)}, ${timeIn(startsAt, timeZone)}`;
}

export { formatPrice, formatTimeLeft } from '../../lib/format-event-time.ts';

/** "3 spots left of 10", "1 spot left of 1", "Full (10 spots)". */
export function formatSpotsLeft(spotsLeft: number, slots: number): string {
  if (spotsLeft <= 0) return `Full (${slots} ${slots === 1 ? 'spot' : 'spots'})`;
  return `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left of ${slots}`;
}

export const skillLevelLabels = {
  all: 'All levels',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
} as const;

/** ISO weekdays, 1 = Monday … 7 = Sunday, as the shared repeat rule counts them. */
export const weekdayLabels = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "Weekly on Tue, Thu, 8 times" / "Weekly on Sat until Aug 31, 2026". */
export function formatRepeat(repeat: { weekdays: number[]; until: string | null; count: number | null }): string {
  const days = [...new Set(repeat.weekdays)]
    .sort((a, b) => a - b)
    .map((day) => weekdayLabels[day - 1])
    .join(', ');
  if (repeat.count !== null) return `Weekly on ${days}, ${repeat.count} times`;
  if (repeat.until !== null) {
    const until = new Date(`${repeat.until}T12:00:00Z`).toLocaleDateString(locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return `Weekly on ${days} until ${until}`;
  }
  return `Weekly on ${days}`;
}
