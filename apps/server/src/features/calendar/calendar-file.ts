import { instantToLocal, listOccurrences, type EventSchedule } from '@huddle/shared/event-occurrences';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, {
  escape,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  ICalWeekday,
  type ICalCalendar,
} from 'ical-generator';
import type { CalendarEventRow } from './calendar.repository.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Writes iCalendar (RFC 5545) files. Every event keeps its own IANA zone: DTSTART;TZID=zone with
 * the wall-clock time, and one VTIMEZONE per zone (from the tz data shipped with
 * @touch4it/ical-timezones, so it works offline), so a weekly 18:00 game stays at 18:00
 * across daylight-saving changes in every calendar app.
 */

export interface CalendarEntry {
  row: CalendarEventRow;
  /** 'all': the whole series; otherwise only these occurrences (the user's parties). */
  occurrences: 'all' | { startsAt: Date; tentative: boolean }[];
  /** Dates of the series the organizer called off on their own (issue 11): left out, or marked CANCELLED. */
  cancelledDates?: Date[];
}

const isoWeekdays = [
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
  ICalWeekday.SU,
];

export function scheduleOf(event: CalendarEventRow['event']): EventSchedule {
  return {
    timeZone: event.timeZone,
    startLocal: instantToLocal(event.startsAt, event.timeZone),
    endLocal: instantToLocal(event.endsAt, event.timeZone),
    repeat:
      event.repeatWeekdays && event.repeatWeekdays.length > 0
        ? { weekdays: event.repeatWeekdays, until: event.repeatUntil, count: event.repeatCount }
        : null,
  };
}

/**
 * The TZID to write for a zone: the VTIMEZONE's own (an alias such as US/Central comes back as
 * America/Chicago, with the same rules), or null when no VTIMEZONE exists for it, in which case
 * the times are written in UTC so no TZID ever points at a missing VTIMEZONE.
 */
function calendarZone(zone: string): string | null {
  const component = getVtimezoneComponent(zone);
  return component?.match(/^TZID:(.+)$/m)?.[1]?.trim() ?? null;
}

/** Bumped by every edit or cancellation, so calendar apps take the new version (RFC 5545 SEQUENCE). */
function sequenceOf(event: CalendarEventRow['event']): number {
  const changedAt = Math.max(event.updatedAt.getTime(), event.cancelledAt?.getTime() ?? 0);
  return Math.max(0, Math.floor((changedAt - event.createdAt.getTime()) / 1000));
}

const compactUtc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function addEntry(calendar: ICalCalendar, entry: CalendarEntry, { origin, now }: { origin: string; now: Date }) {
  const { event, place } = entry.row;
  const zone = calendarZone(event.timeZone);
  const at = (instant: Date) => (zone ? dayjs(instant).tz(zone) : instant);
  const host = new URL(origin).host;
  const occurrences = listOccurrences(scheduleOf(event));
  const common = {
    timezone: zone,
    stamp: now,
    lastModified: event.updatedAt,
    sequence: sequenceOf(event),
    summary: event.title,
    description: event.description,
    url: `${origin}/discover/events/${event.id}`,
    location: {
      title: place.name,
      address: place.address,
      geo: { lat: place.lat, lon: place.lng },
    },
  };
  const cancelled = event.cancelledAt !== null;
  const cancelledDates = new Set((entry.cancelledDates ?? []).map((date) => date.getTime()));

  if (entry.occurrences === 'all') {
    const first = occurrences[0];
    const last = occurrences[occurrences.length - 1];
    if (!first || !last) return;
    const weekdays = [...new Set(occurrences.map((occurrence) => dayjs(occurrence.startsAt).tz(event.timeZone).day()))];
    calendar.createEvent({
      ...common,
      id: `${event.id}@${host}`,
      start: at(first.startsAt),
      end: at(first.endsAt),
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // UNTIL is the last occurrence's start in UTC (RFC 5545 with a TZID start), so the
      // calendar app expands exactly the occurrences Huddle computes, caps included.
      repeating:
        occurrences.length > 1
          ? {
              freq: ICalEventRepeatingFreq.WEEKLY,
              byDay: weekdays
                .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
                .map((day) => isoWeekdays[(day + 6) % 7] as ICalWeekday),
              until: last.startsAt,
              exclude: occurrences
                .filter((occurrence) => cancelledDates.has(occurrence.startsAt.getTime()))
                .map((occurrence) => at(occurrence.startsAt)),
            }
          : null,
    });
    return;
  }

  for (const wanted of entry.occurrences) {
    const occurrence = occurrences.find((candidate) => candidate.startsAt.getTime() === wanted.startsAt.getTime());
    // A party left on a time the series no longer has is not a game to show.
    if (!occurrence) continue;
    calendar.createEvent({
      ...common,
      // A one-off event is its occurrence; in a series each occurrence gets its own UID.
      id: occurrences.length === 1 ? `${event.id}@${host}` : `${event.id}-${compactUtc(occurrence.startsAt)}@${host}`,
      start: at(occurrence.startsAt),
      end: at(occurrence.endsAt),
      status:
        cancelled || cancelledDates.has(occurrence.startsAt.getTime())
          ? ICalEventStatus.CANCELLED
          : wanted.tentative
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
    });
  }
}

/** One calendar file; `refreshHours` for subscribed feeds (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export function writeCalendar({
  name,
  origin,
  now,
  entries,
  refreshHours,
}: {
  name: string;
  origin: string;
  now: Date;
  entries: CalendarEntry[];
  refreshHours?: number;
}): string {
  const calendar = ical({
    // ical-generator escapes every event property but writes the calendar's name (NAME and
    // X-WR-CALNAME) as given; a line break in a team name or event title would start new lines.
    name: escape(name, false),
    prodId: { company: 'Huddle', product: 'Huddle', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: each event carries its own; the generator writes a VTIMEZONE for each.
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(refreshHours && { ttl: refreshHours * 60 * 60 }),
  });
  for (const entry of entries) addEntry(calendar, entry, { origin, now });
  return calendar.toString();
}

/** "Sunday Soccer!" → "sunday-soccer": a filename every system accepts. */
export const fileSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'calendar';
