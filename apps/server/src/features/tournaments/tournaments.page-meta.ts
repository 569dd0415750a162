import { previewImageSize } from '@huddle/shared/seo';
import { tournamentFormatLabels, type TournamentDetail } from '@huddle/shared/tournaments';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PageMeta } from '../../lib/web-app.ts';
import { previewImageUrl, type PreviewCard } from '../seo/preview-image.ts';
import { visibleTeam } from '../teams/teams.service.ts';
import { getTournament } from './tournaments.service.ts';

const uuid = z.uuid();
/** tournament/{id} (spec §2). */
const tournamentPath = /^\/tournament\/([^/]+)\/?$/;

/** As visible as its team: a private team's tournament is null for a visitor (decision 050). */
async function publicTournament(db: Database, tournamentId: string) {
  if (!uuid.safeParse(tournamentId).success) return null;
  try {
    const tournament = await getTournament(db, { tournamentId });
    const { team } = await visibleTeam(db, tournament.teamId, undefined);
    return { tournament, timeZone: team.timeZone ?? 'UTC' };
  } catch {
    return null;
  }
}

/** "Sat, Dec 12, 2026", or "Sat, Dec 12 – Sun, Dec 13, 2026", on the team's clock. */
function formatDays(startsAt: string, endsAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
  const [start, end] = [day.format(new Date(startsAt)), day.format(new Date(endsAt))];
  return start === end ? start : `${start} – ${end}`;
}

const entrantsText = (count: number) => `${count} ${count === 1 ? 'entrant' : 'entrants'}`;

export function tournamentPreviewCard(tournament: TournamentDetail, timeZone: string): PreviewCard {
  const entrants = entrantsText(tournament.entrantCount);
  return {
    kicker: `Tournament · ${tournamentFormatLabels[tournament.format]}`,
    title: tournament.name,
    lines: [formatDays(tournament.startsAt, tournament.endsAt, timeZone), tournament.placeName ?? tournament.teamName],
    badge: tournament.championName
      ? { text: `Won by ${tournament.championName}`, tone: 'open' }
      : { text: entrants, tone: 'open' },
  };
}

export async function tournamentPreviewCardOf(db: Database, tournamentId: string): Promise<PreviewCard | null> {
  const found = await publicTournament(db, tournamentId);
  return found && tournamentPreviewCard(found.tournament, found.timeZone);
}

/** The tournament page's title, description and preview image (issue 33). */
export function tournamentPageMeta(db: Database, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = tournamentPath.exec(pathname);
    if (!match) return null;
    const found = await publicTournament(db, match[1] ?? '');
    if (!found) return null;
    const { tournament, timeZone } = found;
    const card = tournamentPreviewCard(tournament, timeZone);
    const days = formatDays(tournament.startsAt, tournament.endsAt, timeZone);
    const where = tournament.placeName ? ` at ${tournament.placeName}` : '';
    return {
      title: `${tournament.name} | ${tournament.teamName} tournament on Huddle`,
      description: `${tournament.teamName} tournament, ${days}${where}. ${tournamentFormatLabels[tournament.format]}, ${entrantsText(tournament.entrantCount)}.`,
      image: previewImageUrl(publicOrigin, 'tournaments', tournament.id, card),
      imageDetails: { ...previewImageSize, alt: `${tournament.name}, ${days}${where}` },
      url: `${publicOrigin}/tournament/${tournament.id}`,
    };
  };
}
