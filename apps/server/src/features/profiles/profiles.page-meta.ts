import { defaultPhotoPath } from '@huddle/shared/limits';
import type { PageMeta } from '../../lib/web-app.ts';
import type { BadgeDeps } from '../badges/badges.service.ts';
import { absoluteUrl, previewText } from '../seo/page-text.ts';
import { getPublicProfile } from './profiles.service.ts';

/** profile/{userId} (spec §2: the player card's QR code links here). */
const profilePath = /^\/profile\/([^/]{1,64})\/?$/;

/**
 * A public profile's title and description (issue 33): what a visitor sees of the player, never
 * more (getPublicProfile decides, as for the page). An unknown player keeps index.html's tags.
 */
export function profilePageMeta(deps: BadgeDeps, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = profilePath.exec(pathname);
    if (!match) return null;
    const profile = await getPublicProfile(deps, { viewerId: undefined, userId: match[1] ?? '' }).catch(() => null);
    if (!profile) return null;
    const games = profile.games.length > 0 ? ` Plays ${profile.games.join(', ')}.` : '';
    const city = profile.city ? ` in ${profile.city}` : '';
    return {
      title: `${profile.displayName} | Huddle player`,
      description: previewText(profile.bio) || `${profile.displayName}, a Huddle player${city}.${games}`,
      image: profile.photoURL === defaultPhotoPath ? null : absoluteUrl(profile.photoURL, publicOrigin),
      url: `${publicOrigin}/profile/${profile.id}`,
    };
  };
}
