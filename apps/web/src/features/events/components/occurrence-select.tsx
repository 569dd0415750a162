import { listOccurrences } from '@huddle/shared/event-occurrences';
import type { EventView } from '@huddle/shared/events';
import { NativeSelect } from '@mantine/core';
import { formatOccurrence } from '../event-format.ts';

interface OccurrenceSelectProps {
  view: EventView;
  onChange: (startsAt: string) => void;
  /** Also list this many dates already begun (the manage page marks attendance on them, issue 11). */
  pastDates?: number;
}

/** The latest dates of the series that have begun, newest last, as the server writes instants. */
export function pastStarts(event: EventView['event'], count: number, now = Date.now()): { startsAt: string }[] {
  if (count === 0 || !event.repeat) return [];

  return listOccurrences({
    timeZone: event.timeZone,
    startLocal: event.startLocal,
    endLocal: event.endLocal,
    repeat: event.repeat,
  })
    .filter((occurrence) => occurrence.startsAt.getTime() <= now)
    .slice(-count)
    .map((occurrence) => ({ startsAt: occurrence.startsAt.toISOString() }));
}

/**
 * A repeating event's coming dates; joiners and the waitlist belong to one date (?occurrence=).
 * The browser's own select, not Mantine's Select: it is on the event page's first screen, and
 * Mantine's brings its combobox, popover, floating-ui and scroll area machinery (about 25 KB gzip)
 * into what the page loads before it is interactive (decision 082). A phone shows its own picker.
 */
export function OccurrenceSelect({ view, onChange, pastDates = 0 }: OccurrenceSelectProps) {
  const { event, occurrence, upcoming } = view;
  const past = pastStarts(event, pastDates);
  if (!event.repeat || upcoming.length + past.length === 0) return null;
  const known = [...past, ...upcoming];
  const listed = known.some((item) => item.startsAt === occurrence.startsAt) ? known : [occurrence, ...known];
  const dates = [...new Map(listed.map((item) => [item.startsAt, item])).values()].sort((a, b) =>
    a.startsAt.localeCompare(b.startsAt),
  );
  return (
    <NativeSelect
      label="Date"
      description="Each date has its own players and waitlist."
      data={dates.map((item) => ({
        value: item.startsAt,
        // A date called off on its own stays listed, and says so (issue 11).
        label: `${formatOccurrence(item.startsAt, event.timeZone)}${view.cancelledDates.includes(item.startsAt) ? ' (cancelled)' : ''}`,
      }))}
      value={occurrence.startsAt}
      onChange={(change) => onChange(change.currentTarget.value)}
      maw={360}
    />
  );
}
