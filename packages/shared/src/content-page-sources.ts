import type { connectionEndpoints } from './connections.ts';
import type { DiscoverHomePageSources } from './discover-home-page-sources.ts';
import type { EndpointReply } from './endpoint.ts';
import type { eventEndpoints } from './events.ts';
import type { fairTeamEndpoints } from './fair-teams.ts';
import type { messageEndpoints } from './messages.ts';
import type { notificationEndpoints } from './notifications.ts';
import type { partnerEndpoints } from './partners.ts';
import type { placeEndpoints } from './places.ts';
import type { postEndpoints } from './posts.ts';
import type { profileEndpoints } from './profiles.ts';
import type { seasonEndpoints } from './seasons.ts';
import type { substituteEndpoints } from './substitutes.ts';
import type { teamEndpoints } from './teams.ts';
import type { tournamentEndpoints } from './tournaments.ts';

/**
 * The server's reads for the content pages it renders (issue 33, decision 075's addendum on team,
 * place, profile, tournament, post and partner pages), one per GET endpoint a page reads: each is
 * what that endpoint sends the person asking (their session), or null where it answers with an
 * error. The web app's server entry takes them (apps/web/src/app/server-pages/) and the server
 * gives them (apps/server/src/lib/content-page-sources.ts): one list both sides type-check against.
 */
export interface ContentPageSources extends DiscoverHomePageSources {
  /** GET /api/teams/{teamId}. */
  team: (teamId: string) => Promise<EndpointReply<typeof teamEndpoints.getTeam> | null>;
  /** GET /api/teams/{teamId}/seasons. */
  teamSeasons: (teamId: string) => Promise<EndpointReply<typeof seasonEndpoints.listSeasons> | null>;
  /** GET /api/seasons/{seasonId}/sessions: a team page's season, its next sessions. */
  seasonSessions: (seasonId: string) => Promise<EndpointReply<typeof seasonEndpoints.listSessions> | null>;
  /** GET /api/teams/{teamId}/events. */
  teamEvents: (teamId: string) => Promise<EndpointReply<typeof eventEndpoints.teamEvents> | null>;
  /** GET /api/teams/{teamId}/tournaments. */
  teamTournaments: (teamId: string) => Promise<EndpointReply<typeof tournamentEndpoints.listForTeam> | null>;
  /** GET /api/places/{placeId}. */
  place: (placeId: string) => Promise<EndpointReply<typeof placeEndpoints.getPlace> | null>;
  /** GET /api/places/{placeId}/events. */
  placeEvents: (placeId: string) => Promise<EndpointReply<typeof eventEndpoints.placeEvents> | null>;
  /** GET /api/users/{userId}/profile. */
  publicProfile: (userId: string) => Promise<EndpointReply<typeof profileEndpoints.getPublicProfile> | null>;
  /** GET /api/connections/with/{userId}: null for a visitor (the route asks for a session). */
  connectionStatus: (userId: string) => Promise<EndpointReply<typeof connectionEndpoints.status> | null>;
  /** GET /api/tournaments/{tournamentId}. */
  tournament: (tournamentId: string) => Promise<EndpointReply<typeof tournamentEndpoints.get> | null>;
  /** GET /api/posts/{postId}. */
  post: (postId: string) => Promise<EndpointReply<typeof postEndpoints.get> | null>;
  /** GET /api/partners/{partnerId}: a preferred partner. */
  partner: (partnerId: string) => Promise<EndpointReply<typeof partnerEndpoints.get> | null>;
  /** GET /api/partners/{partnerId}/events: an events partner. */
  eventsPartner: (partnerId: string) => Promise<EndpointReply<typeof partnerEndpoints.events> | null>;
  /**
   * GET /api/conversations/unread: the app shell's Messages badge and every page's title, on each
   * page a signed-in person opens; null for a visitor (the route asks for a session).
   */
  unreadMessages: () => Promise<EndpointReply<typeof messageEndpoints.unreadCount> | null>;
  /** GET /api/me/favorites: an event page's Favourite button; null for a visitor. */
  myFavorites: () => Promise<EndpointReply<typeof eventEndpoints.myFavorites> | null>;
  /** GET /api/events/{eventId}/substitute-invitation?occurrence=: an event page's banner; null for a visitor. */
  mySubstituteInvitation: (
    eventId: string,
    occurrence: string,
  ) => Promise<EndpointReply<typeof substituteEndpoints.myInvitation> | null>;
  /** GET /api/events/{eventId}/teams/published?occurrence=: an event page's teams card; null for a visitor. */
  publishedTeams: (
    eventId: string,
    occurrence: string,
  ) => Promise<EndpointReply<typeof fairTeamEndpoints.publishedTeams> | null>;
  /** GET /api/me/notifications/unread-count: the app shell's bell; null for a visitor. */
  unreadNotifications: () => Promise<EndpointReply<typeof notificationEndpoints.unreadCount> | null>;
}
