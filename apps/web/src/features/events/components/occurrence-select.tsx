import type { EventView } from '@huddle/shared/events';
import { Select } from '@mantine/core';
import { formatOccurrence } from '../event-format.ts';

interface OccurrenceSelectProps {
  view: EventView;
  onChange: (startsAt: string) => void;
}

/** A repeating event's coming dates; joiners and the waitlist belong to one date (?occurrence=). */
export function OccurrenceSelect({ view, onChange }: OccurrenceSelectProps) {
  const { event, occurrence, upcoming } = view;
  if (!event.repeat || upcoming.length === 0) return null;
  const dates = upcoming.some((item) => item.startsAt === occurrence.startsAt) ? upcoming : [occurrence, ...upcoming];
  return (
    <Select
      label="Date"
      description="Each date has its own players and waitlist."
      data={dates.map((item) => ({
        value: item.startsAt,
        // A date called off on its own stays listed, and says so (issue 11).
        label: `${formatOccurrence(item.startsAt, event.timeZone)}${view.cancelledDates.includes(item.startsAt) ? ' (cancelled)' : ''}`,
      }))}
      value={occurrence.startsAt}
      onChange={(startsAt) => startsAt && onChange(startsAt)}
      allowDeselect={false}
      maw={360}
    />
  );
}
