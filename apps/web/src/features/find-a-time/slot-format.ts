import { dateTimeFormat } from '../../lib/intl-formats.ts';

/** Slots read on the team's clock, named, as events do (issue 5): "Mon, Mar 4, 6:00 PM – 7:30 PM". */
const locale = 'en-US';

export function formatSlot(startsAt: string, endsAt: string, timeZone: string): string {
  const day = dateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone });
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const endDay = day.format(end);
  const endText = endDay === day.format(start) ? time.format(end) : `${endDay}, ${time.format(end)}`;
  return `${day.format(start)}, ${time.format(start)} – ${endText}`;
}

/** "America/Chicago (CST)": the zone and its abbreviation at that instant. */
export function zoneName(timeZone: string, at: string): string {
  const short = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}
