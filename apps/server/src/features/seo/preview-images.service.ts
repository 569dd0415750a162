import type { PreviewImageKind } from '@huddle/shared/seo';
import { AppError } from '../../lib/app-error.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';
import { previewCardVersion, renderPreviewImage, type PreviewCard } from './preview-image.ts';

/** Where each kind of page gets its card: from its own feature, as a visitor sees the page. */
export type PreviewCardSources = Record<PreviewImageKind, (id: string) => Promise<PreviewCard | null>>;

export interface PreviewImage {
  png: Buffer;
  /** The card's version: the same words, the same image (an ETag a 304 can answer). */
  version: string;
}

/**
 * A page's preview image (issue 33, decision 076), drawn from what the page shows now. Drawings
 * are kept by version, so a link shared into a busy group chat (every member's app fetching the
 * preview at once) draws once; the card itself is read each time, so spots left are current.
 */
export async function getPreviewImage(
  { cards, drawings }: { cards: PreviewCardSources; drawings: ResponseCache<Buffer> },
  { kind, id }: { kind: PreviewImageKind; id: string },
): Promise<PreviewImage> {
  const card = await cards[kind](id);
  // A private team's, a team-only event's or an unknown page's image does not exist (as the page).
  if (!card) throw new AppError('NOT_FOUND', 'Page not found');
  const version = previewCardVersion(card);
  const { value } = await drawings.get(`${kind}:${version}`, async () => ({
    value: await renderPreviewImage(card),
    tags: [`${kind}:${id}`],
  }));
  return { png: value, version };
}
