import { eventKeys } from '../../features/events/api/event-query-keys.ts';
import { teamQueryOptions } from '../../features/teams/api/get-team.ts';
import { sessionsKey } from '../../features/teams/api/seasons.ts';
import { teamKeys } from '../../features/teams/api/team-query-keys.ts';
import { tournamentKeys } from '../../features/tournaments/api/tournament-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * The seasons whose sessions the render reads too: the card lists every season, and a team with
 * years of them leaves the older ones' sessions to the browser (both sides render them alike
 * until then).
 */
const seasonsWithSessionsRendered = 12;

/**
 * team/{id} (pages/team-page.tsx): the team, and what its public cards list (seasons with their
 * next sessions, upcoming events, tournaments), read at once; the sessions once the seasons are
 * known, one season after another. A card whose read failed is left to the browser (it shows
 * "Loading…" on both sides, then asks); the team itself missing leaves the whole page to it.
 * What only organizers see (join requests, invitations, the plan) and the viewer's own season
 * registrations are asked for after hydration, as before.
 */
export const teamPageData: ContentPageData = async ({ params, client, sources }) => {
  const teamId = params.teamId ?? '';
  const [team, seasons, events, tournaments] = await Promise.all([
    sources.content.team(teamId),
    sources.content.teamSeasons(teamId),
    sources.content.teamEvents(teamId),
    sources.content.teamTournaments(teamId),
  ]);
  if (!team) return false;
  client.setQueryData(teamQueryOptions(teamId).queryKey, team);
  if (seasons) client.setQueryData(teamKeys.seasons(teamId), seasons);
  // In turn, not all at once: a team with a dozen seasons would otherwise take every connection of
  // the server's pool (ten) for one page while other requests wait.
  for (const season of seasons?.seasons.slice(0, seasonsWithSessionsRendered) ?? []) {
    const reply = await sources.content.seasonSessions(season.id);
    if (reply) client.setQueryData(sessionsKey(season.id), reply);
  }
  if (events) client.setQueryData(eventKeys.team(teamId), events);
  if (tournaments) client.setQueryData(tournamentKeys.ofTeam(teamId), tournaments);
  return true;
};
