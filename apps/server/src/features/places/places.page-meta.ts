import type { Place } from '@huddle/shared/places';
import { previewImageSize } from '@huddle/shared/seo';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PageMeta } from '../../lib/web-app.ts';
import { previewText } from '../seo/page-text.ts';
import { previewImageUrl, type PreviewCard } from '../seo/preview-image.ts';
import { placeLd } from '../seo/structured-data.ts';
import { getPlace } from './places.service.ts';

const uuid = z.uuid();
/** places/view/{id} (spec §2). */
const placePath = /^\/places\/view\/([^/]+)\/?$/;

async function findPublicPlace(db: Database, clock: Clock, placeId: string): Promise<Place | null> {
  if (!uuid.safeParse(placeId).success) return null;
  // Only the place: who is checked in there is not for previews or search engines.
  return getPlace(db, clock, { viewerId: undefined, placeId }).then(
    ({ place }) => place,
    () => null,
  );
}

export function placePreviewCard(place: Place): PreviewCard {
  return {
    kicker: 'Place to play',
    title: place.name,
    lines: [place.address, previewText(place.description, 80)].filter(Boolean),
    badge: null,
  };
}

export async function placePreviewCardOf(db: Database, clock: Clock, placeId: string): Promise<PreviewCard | null> {
  const place = await findPublicPlace(db, clock, placeId);
  return place && placePreviewCard(place);
}

/** The place page's title, description, preview image and SportsActivityLocation JSON-LD (issue 33). */
export function placePageMeta(db: Database, clock: Clock, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = placePath.exec(pathname);
    if (!match) return null;
    const place = await findPublicPlace(db, clock, match[1] ?? '');
    if (!place) return null;
    const url = `${publicOrigin}/places/view/${place.id}`;
    const image = previewImageUrl(publicOrigin, 'places', place.id, placePreviewCard(place));
    return {
      title: `${place.name} | Games and players on Huddle`,
      description: previewText(place.description) || `${place.name}, ${place.address}: games and players on Huddle.`,
      image,
      imageDetails: { ...previewImageSize, alt: `${place.name}, ${place.address}` },
      url,
      structuredData: [placeLd({ ...place, url })],
    };
  };
}
