import { myAvailabilityQueryOptions } from '../../features/home/api/get-availability-status.ts';
import { myRegistrationsQueryOptions } from '../../features/home/api/get-my-registrations.ts';
import { myEventsKey, upcomingOf } from '../../features/home/api/get-my-events.ts';
import { nearbyEventsBlockQuery, nearbyEventsQuery } from '../../features/home/api/get-nearby-events.ts';
import { nearbyPlayersBlockQuery, nearbyPlayersQuery } from '../../features/home/api/get-nearby-players.ts';
import type { ViewerPageData } from './viewer-page-data.ts';

/**
 * home (pages/home-page.tsx, signed in; decision 075's addendum "discover and home"): the person's
 * blocks, read at once, each put under its block's key as its block keeps it. The first screen
 * (their upcoming events, their city) is in the HTML; the blocks below it render right after
 * hydration (useRenderedLater) from the same cache, asking nothing. A visitor's home is not rendered
 * (the browser's guard sends them to sign in); a block whose read failed is left to the browser.
 */
export const homePageData: ViewerPageData = async ({ client, sources }) => {
  const user = sources.session.user;
  // As the signed-in guard (guards.ts): a visitor goes to sign in, a new person to first-time setup.
  if (!user?.hasAdditionalInfo) return false;
  const city = user.defaultCity ? { lat: user.defaultCity.lat, lng: user.defaultCity.lng } : null;
  const [mine, nearbyEvents, nearbyPlayers, registrations, availability] = await Promise.all([
    sources.content.myEvents(),
    city ? sources.content.nearbyEvents(nearbyEventsQuery(city)) : null,
    city ? sources.content.nearbyPlayers(nearbyPlayersQuery(city)) : null,
    sources.content.myRegistrations(),
    sources.content.myAvailability(),
  ]);
  if (mine) client.setQueryData(myEventsKey, upcomingOf(mine));
  if (nearbyEvents) client.setQueryData(nearbyEventsBlockQuery(city).queryKey, nearbyEvents.events);
  if (nearbyPlayers) client.setQueryData(nearbyPlayersBlockQuery(city).queryKey, nearbyPlayers.players);
  if (registrations) client.setQueryData(myRegistrationsQueryOptions().queryKey, registrations.registrations);
  if (availability) client.setQueryData(myAvailabilityQueryOptions().queryKey, availability);
  return true;
};
