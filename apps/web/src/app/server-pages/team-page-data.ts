import { eventKeys } from '../../features/events/api/event-query-keys.ts';
import { teamQueryOptions } from '../../features/teams/api/get-team.ts';
import { teamKeys } from '../../features/teams/api/team-query-keys.ts';
import { tournamentKeys } from '../../features/tournaments/api/tournament-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * team/{id} (pages/team-page.tsx): the team, and what its public cards list (seasons, upcoming
 * events, tournaments), read at once. A card whose read failed is left to the browser (it shows
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
  if (events) client.setQueryData(eventKeys.team(teamId), events);
  if (tournaments) client.setQueryData(tournamentKeys.ofTeam(teamId), tournaments);
  return true;
};
