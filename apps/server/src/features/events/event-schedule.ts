import {
  findOccurrenceAt,
  instantToLocal,
  type EventSchedule,
  type Occurrence,
} from '@huddle/shared/event-occurrences';
import type { EventRow } from './events.repository.ts';

type ScheduleColumns = Pick<
  EventRow,
  'timeZone' | 'startsAt' | 'endsAt' | 'repeatWeekdays' | 'repeatUntil' | 'repeatCount'
>;

/** The schedule of a stored event: the first occurrence is kept as instants, read back on its own wall clock. */
export function scheduleOf(event: ScheduleColumns): EventSchedule {
  return {
    timeZone: event.timeZone,
    startLocal: instantToLocal(event.startsAt, event.timeZone),
    endLocal: instantToLocal(event.endsAt, event.timeZone),
    repeat: event.repeatWeekdays
      ? { weekdays: event.repeatWeekdays, until: event.repeatUntil, count: event.repeatCount }
      : null,
  };
}

/**
 * The occurrence starting at this instant; parties of an occurrence the schedule no longer has
 * keep the event's length, so they can still be settled.
 */
export function occurrenceAt(event: ScheduleColumns, startsAt: Date): Occurrence {
  return (
    findOccurrenceAt(scheduleOf(event), startsAt) ?? {
      startsAt,
      endsAt: new Date(startsAt.getTime() + event.endsAt.getTime() - event.startsAt.getTime()),
    }
  );
}
