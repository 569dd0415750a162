import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { previewImageSize, seoPaths, type PreviewImageKind } from '@huddle/shared/seo';
import type satori from 'satori';
import sharp from 'sharp';

/**
 * A page's link-preview image (issue 33, decision 076): satori lays the card out and turns its
 * text into paths (so no font need be installed where the server runs: the slim Docker image has
 * none), sharp, already the server's image library, draws the PNG.
 */
export interface PreviewCard {
  /** Small line above the title: "Pickup game", "Team". */
  kicker: string;
  title: string;
  /** One line each: the date, the place. */
  lines: string[];
  /** The emphasised figure in the corner: "5 spots left", "Cancelled"; null for none. */
  badge: { text: string; tone: 'open' | 'few' | 'none' } | null;
}

/** Bumped when the card's look changes, so every image gets a new address. */
const designVersion = 1;

/** A card's version: the same words give the same image, so its address and ETag can be this. */
export const previewCardVersion = (card: PreviewCard) =>
  createHash('sha256')
    .update(JSON.stringify([designVersion, card]))
    .digest('base64url')
    .slice(0, 16);

/**
 * The image's absolute address, versioned by what it shows: chat apps cache a preview image by its
 * URL, so a new count of spots left needs a new URL (the page's HTML is never cached).
 */
export const previewImageUrl = (origin: string, kind: PreviewImageKind, id: string, card: PreviewCard) =>
  `${origin}${seoPaths.previewImage(kind, id)}?v=${previewCardVersion(card)}`;

const brand = '#0b7a57';
const badgeColors = {
  open: { background: '#e6f7f1', color: '#04553a' },
  few: { background: '#fff4e0', color: '#8a4b00' },
  none: { background: '#fde8e8', color: '#9b1c1c' },
} as const;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown> } };
const box = (style: Record<string, unknown>, children: unknown): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** The card as satori's element tree (plain objects: no React on the server). */
function cardTree(card: PreviewCard): Node {
  const badge = card.badge
    ? box(
        {
          padding: '14px 28px',
          borderRadius: 999,
          fontSize: 36,
          fontWeight: 700,
          ...badgeColors[card.badge.tone],
        },
        card.badge.text,
      )
    : null;
  return box(
    {
      width: '100%',
      height: '100%',
      // satori sizes content boxes by default: the padding and the bar would push the footer off the card.
      boxSizing: 'border-box',
      flexDirection: 'column',
      justifyContent: 'space-between',
      background: '#ffffff',
      borderTop: `24px solid ${brand}`,
      padding: '56px 72px',
      fontFamily: 'Inter, Inter Extended',
      color: '#1a1b1e',
    },
    [
      box({ flexDirection: 'column' }, [
        box(
          {
            fontSize: 30,
            fontWeight: 700,
            color: brand,
            textTransform: 'uppercase',
            letterSpacing: 2,
            display: 'block',
            lineClamp: 1,
            overflow: 'hidden',
          },
          card.kicker,
        ),
        box(
          {
            marginTop: 16,
            fontSize: card.title.length > 40 ? 60 : 72,
            fontWeight: 700,
            lineHeight: 1.1,
            // Two lines at most; a longer title ends in an ellipsis.
            display: 'block',
            lineClamp: 2,
            overflow: 'hidden',
          },
          card.title,
        ),
        ...card.lines.map((line) =>
          box(
            { marginTop: 18, fontSize: 38, color: '#495057', display: 'block', lineClamp: 1, overflow: 'hidden' },
            line,
          ),
        ),
      ]),
      box({ justifyContent: 'space-between', alignItems: 'center' }, [
        box({ fontSize: 40, fontWeight: 700, color: brand }, 'Huddle'),
        ...(badge ? [badge] : []),
      ]),
    ],
  );
}

type Satori = typeof satori;
let renderer: Promise<{ satori: Satori; fonts: Parameters<Satori>[1]['fonts'] }> | undefined;

/** satori and the fonts load on the first image, not at start (decision 069: start reads little). */
function loadRenderer() {
  renderer ??= (async () => {
    const require = createRequire(import.meta.url);
    // Latin and Latin Extended (names such as "Łódź Lions"); a glyph in neither draws as nothing.
    const font = (subset: 'latin' | 'latin-ext', weight: 400 | 700) =>
      readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)).then((data) => ({
        name: subset === 'latin' ? 'Inter' : 'Inter Extended',
        data,
        weight,
        style: 'normal' as const,
      }));
    const [{ default: draw }, ...fonts] = await Promise.all([
      import('satori'),
      font('latin', 400),
      font('latin', 700),
      font('latin-ext', 400),
      font('latin-ext', 700),
    ]);
    return { satori: draw, fonts };
  })().catch((error: unknown) => {
    renderer = undefined;
    throw error;
  });
  return renderer;
}

export async function renderPreviewImage(card: PreviewCard): Promise<Buffer> {
  const { satori, fonts } = await loadRenderer();
  const svg = await satori(cardTree(card) as Parameters<Satori>[0], { ...previewImageSize, fonts });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}
