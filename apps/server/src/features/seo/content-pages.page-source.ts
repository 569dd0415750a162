import type { AppDeps } from '../../app-deps.ts';
import type { ContentPageReads } from '../../lib/content-page-sources.ts';
import { availabilityPageSource } from '../availability/availability.page-source.ts';
import { connectionsPageSource } from '../connections/connections.page-source.ts';
import { discoveryPageSource } from '../discovery/discovery.page-source.ts';
import { discoverHomePageSource } from '../events/discover-home.page-source.ts';
import { eventListsPageSource } from '../events/event-lists.page-source.ts';
import { favoritesPageSource } from '../events/favorites.page-source.ts';
import { fairTeamsPageSource } from '../fair-teams/fair-teams.page-source.ts';
import { partnersPageSource } from '../partners/partners.page-source.ts';
import { gameTypesPageSource } from '../game-types/game-types.page-source.ts';
import { messagesPageSource } from '../messages/messages.page-source.ts';
import { notificationsPageSource } from '../notifications/notifications.page-source.ts';
import { placePageSource } from '../places/places.page-source.ts';
import { postsPageSource } from '../posts/posts.page-source.ts';
import { profilePageSource } from '../profiles/profiles.page-source.ts';
import { seasonsPageSource } from '../seasons/seasons.page-source.ts';
import { substitutesPageSource } from '../substitutes/substitutes.page-source.ts';
import { teamPageSource } from '../teams/teams.page-source.ts';
import { tournamentsPageSource } from '../tournaments/tournaments.page-source.ts';

/**
 * Every read the server-rendered content pages are made from (team, place, … : decision 075's
 * addenda), each from its own feature, as that feature's API route makes it. Typed against the
 * one list of reads (ContentPageReads): a read missing here fails the type check.
 */
export function contentPageSources(
  deps: Pick<AppDeps, 'db' | 'reads' | 'clock' | 'config' | 'realtime' | 'responseCaches'>,
): ContentPageReads {
  return {
    ...teamPageSource(deps),
    ...seasonsPageSource(deps),
    ...tournamentsPageSource(deps),
    ...eventListsPageSource(deps),
    ...placePageSource(deps),
    ...profilePageSource(deps),
    ...connectionsPageSource(deps),
    ...postsPageSource(deps),
    ...partnersPageSource(deps),
    // Discover and home (decision 075's addendum "discover and home").
    ...discoverHomePageSource(deps),
    ...gameTypesPageSource(deps),
    ...discoveryPageSource(deps),
    ...availabilityPageSource(deps),
    // What an event page shows a signed-in person besides the event (issue 33).
    ...favoritesPageSource(deps),
    ...substitutesPageSource(deps),
    ...fairTeamsPageSource(deps),
    // The app shell of every page a signed-in person opens (issue 33).
    ...messagesPageSource(deps),
    ...notificationsPageSource(deps),
  };
}
