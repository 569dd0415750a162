import type { EventView } from '@huddle/shared/events';
import { productName } from '@huddle/shared/limits';
import { eventPageName, formatEventStartWithZone } from '@huddle/shared/page-names';
import { previewImageSize } from '@huddle/shared/seo';
import { z } from 'zod';
import type { PageMeta } from '../../lib/web-app.ts';
import { previewImageUrl, type PreviewCard } from '../seo/preview-image.ts';
import { sportsEventLd } from '../seo/structured-data.ts';
import { getEvent } from './events.service.ts';
import type { EventDeps } from './waitlist.service.ts';

const uuid = z.uuid();
/** discover/events/{id}, discover/games/{id} and evt/{id}: the event view (spec §2). */
const eventPath = /^\/(?:discover\/(?:events|games)|evt)\/([^/]+)\/?$/;

const locale = 'en-US';
/** "Sun, Dec 6, 2026, 6:00 PM CST": on the event's own clock, as the event page shows it (issue 5). */
export const formatEventStart = formatEventStartWithZone;

/** The event page's own words: "3 spots left of 10", "Full (10 spots)". */
export function formatSpotsLeft(spotsLeft: number, slots: number): string {
  if (spotsLeft <= 0) return `Full (${slots} ${slots === 1 ? 'spot' : 'spots'})`;
  return `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left of ${slots}`;
}

const formatPrice = (priceCents: number | null) =>
  priceCents
    ? new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: priceCents % 100 === 0 ? 0 : 2,
      }).format(priceCents / 100)
    : 'Free';

/** What a visitor sees of an event: a team-only one, or an unknown id, is null (as the page's 404). */
async function publicEvent(deps: EventDeps, eventId: string): Promise<EventView | null> {
  if (!uuid.safeParse(eventId).success) return null;
  return getEvent(deps, { viewerId: undefined, eventId }).catch(() => null);
}

const isCancelled = (view: EventView) => view.event.cancelled || view.occurrenceCancelled;

/** The preview image of an event: its title, date, place and spots left (issue 33). */
export function eventPreviewCard(view: EventView): PreviewCard {
  const { event, occurrence } = view;
  const spots = view.rsvpSlots;
  return {
    kicker: `${event.gameType} · ${formatPrice(event.priceCents)}`,
    title: event.title,
    lines: [formatEventStart(occurrence.startsAt, event.timeZone), event.place.name, event.place.address],
    badge: isCancelled(view)
      ? { text: 'Cancelled', tone: 'none' }
      : event.inPast
        ? { text: 'Played', tone: 'none' }
        : {
            text: spots <= 0 ? 'Full: waitlist open' : `${spots} ${spots === 1 ? 'spot' : 'spots'} left`,
            tone: spots <= 0 ? 'none' : spots <= 3 ? 'few' : 'open',
          },
  };
}

export async function eventPreviewCardOf(deps: EventDeps, eventId: string): Promise<PreviewCard | null> {
  const view = await publicEvent(deps, eventId);
  return view && eventPreviewCard(view);
}

/**
 * The event page's title, description, preview image and SportsEvent JSON-LD in the HTML the server
 * sends (spec §6: event view is public), so a link shared in a chat shows the game's date on its own
 * clock, its place and its spots left, and search engines list it with them (issue 33).
 */
export function eventPageMeta(deps: EventDeps) {
  const origin = deps.publicOrigin;
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = eventPath.exec(pathname);
    if (!match) return null;
    const view = await publicEvent(deps, match[1] ?? '');
    if (!view) return null;
    const { event, occurrence, creator } = view;
    const url = `${origin}/discover/events/${event.id}`;
    const when = formatEventStart(occurrence.startsAt, event.timeZone);
    const where = `${event.place.name}, ${event.place.address}`;
    const status = isCancelled(view) ? 'Cancelled.' : `${formatSpotsLeft(view.rsvpSlots, event.slots)}.`;
    const card = eventPreviewCard(view);
    const image = previewImageUrl(origin, 'events', event.id, card);
    return {
      // The app titles the page the same once it runs (page-names.ts, the event page's usePageName).
      title: `${eventPageName(view)} | ${productName}`,
      description: `${event.gameType}, ${formatPrice(event.priceCents)}. ${when} at ${where}. ${status}`,
      image,
      imageDetails: { ...previewImageSize, alt: `${event.title}: ${when}, ${where}. ${status}` },
      url,
      structuredData: [
        sportsEventLd({
          name: event.title,
          description: event.description?.trim() || `${event.gameType} at ${event.place.name}.`,
          url,
          image,
          sport: event.gameType,
          timeZone: event.timeZone,
          startsAt: occurrence.startsAt,
          endsAt: occurrence.endsAt,
          cancelled: isCancelled(view),
          place: { ...event.place, url: `${origin}/places/view/${event.place.id}` },
          // A public event of a private team does not name the team (decision 007): then its creator.
          organizer: event.team
            ? { kind: 'team', name: event.team.name, url: `${origin}/team/${event.team.id}` }
            : { kind: 'person', name: creator.displayName, url: `${origin}/profile/${creator.id}` },
          priceCents: event.priceCents,
          currency: 'USD',
          slots: event.slots,
          spotsLeft: view.rsvpSlots,
        }),
      ],
    };
  };
}
