import { tournamentQueryOptions } from '../../features/tournaments/api/get-tournament.ts';
import { teamKeys } from '../../features/teams/api/team-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * tournament/{id} (pages/tournament-page.tsx): the tournament (bracket, standings, scores) and, for
 * its organizers before the schedule is drawn, the team's seasons the entrants picker lists. Not
 * there, or not shared with this person: the browser renders the page and says so.
 */
export const tournamentPageData: ContentPageData = async ({ params, client, sources }) => {
  const tournamentId = params.tournamentId ?? '';
  const tournament = await sources.content.tournament(tournamentId);
  if (!tournament) return false;
  client.setQueryData(tournamentQueryOptions(tournamentId).queryKey, tournament);
  // The picker (composed/tournament-registration-picker.tsx) shows only then.
  if (tournament.manages && !tournament.scheduled) {
    const seasons = await sources.content.teamSeasons(tournament.teamId);
    if (seasons) client.setQueryData(teamKeys.seasons(tournament.teamId), seasons);
  }
  return true;
};
