import type { TeamDetail } from '@huddle/shared/teams';
import { previewImageSize } from '@huddle/shared/seo';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PageMeta } from '../../lib/web-app.ts';
import { absoluteUrl, previewText } from '../seo/page-text.ts';
import { previewImageUrl, type PreviewCard } from '../seo/preview-image.ts';
import { sportsTeamLd } from '../seo/structured-data.ts';
import { getTeam } from './teams.service.ts';

const uuid = z.uuid();
/** team/{id} (spec §2). */
const teamPath = /^\/team\/([^/]+)\/?$/;

/** A private team does not exist for a visitor (decision 007): null, as the page's not found. */
async function publicTeam(db: Database, teamId: string): Promise<TeamDetail | null> {
  if (!uuid.safeParse(teamId).success) return null;
  return getTeam(db, { viewerId: undefined, teamId }).catch(() => null);
}

const kindLabel = (team: TeamDetail) => (team.kind === 'community' ? 'Community' : 'Team');
const membersText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

export function teamPreviewCard(team: TeamDetail): PreviewCard {
  return {
    kicker: `${kindLabel(team)} · ${team.gameType}`,
    title: team.name,
    lines: [team.city ?? '', previewText(team.description, 80)].filter(Boolean),
    badge: { text: membersText(team.memberCount), tone: 'open' },
  };
}

export async function teamPreviewCardOf(db: Database, teamId: string): Promise<PreviewCard | null> {
  const team = await publicTeam(db, teamId);
  return team && teamPreviewCard(team);
}

/** The team page's title, description, preview image and SportsTeam JSON-LD (issue 33). */
export function teamPageMeta(db: Database, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = teamPath.exec(pathname);
    if (!match) return null;
    const team = await publicTeam(db, match[1] ?? '');
    if (!team) return null;
    const url = `${publicOrigin}/team/${team.id}`;
    const card = teamPreviewCard(team);
    const image = previewImageUrl(publicOrigin, 'teams', team.id, card);
    const where = team.city ? ` in ${team.city}` : '';
    return {
      title: `${team.name} | ${team.gameType} ${kindLabel(team).toLowerCase()} on Huddle`,
      description:
        previewText(team.description) ||
        `${team.name}: a ${team.gameType} ${kindLabel(team).toLowerCase()}${where} on Huddle, ${membersText(team.memberCount)}.`,
      image,
      imageDetails: { ...previewImageSize, alt: `${team.name}, ${team.gameType}${where}` },
      url,
      structuredData: [
        sportsTeamLd({
          name: team.name,
          description: team.description,
          url,
          sport: team.gameType,
          image: team.photoURL ? absoluteUrl(team.photoURL, publicOrigin) : null,
          city: team.city,
          memberCount: team.memberCount,
        }),
      ],
    };
  };
}
