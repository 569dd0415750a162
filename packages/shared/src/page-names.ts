/**
 * What a page calls itself in its title, where the server writes the title into the HTML and the
 * app sets it again once it runs (issue 33): one function for both, so the app's title is the
 * server's and a crawler that runs scripts reads the same as one that does not.
 */

/** "Sun, Dec 6, 2026, 6:00 PM CST": on the event's own clock, named, as the event page shows it (issue 5). */
export function formatEventStartWithZone(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** An event page's name: "Thursday Futsal · Tue, Jun 4, 2030, 6:00 PM CDT" (the occurrence it opens on). */
export function eventPageName(view: {
  event: { title: string; timeZone: string };
  occurrence: { startsAt: string };
}): string {
  return `${view.event.title} · ${formatEventStartWithZone(view.occurrence.startsAt, view.event.timeZone)}`;
}

/** An events partner's page name: "Austin Rec Soccer League: events". */
export function eventsPartnerPageName(partner: { name: string }): string {
  return `${partner.name}: events`;
}
