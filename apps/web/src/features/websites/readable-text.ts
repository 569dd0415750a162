/**
 * Text colours on a site's own theme colours. Organizers pick any primary and accent colour, so
 * the text drawn on them (the header on the primary, buttons on the accent) is black or white,
 * whichever contrasts more by WCAG 2's relative luminance: a yellow accent gets dark text, a navy
 * primary white text.
 */
// Pure black, not a softer near-black: with black and white, every colour has one of them at 4.5:1 or
// more (the worst case, a mid grey, reaches about 4.6); with #111 some mid greys would fall short.
export const darkText = '#000000';
export const lightText = '#ffffff';

/** WCAG 2 relative luminance of a `#rrggbb` colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio between two `#rrggbb` colours (1 … 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The text colour (dark or white) that reads best on `background`. */
export function readableTextOn(background: string): typeof darkText | typeof lightText {
  return contrastRatio(background, darkText) >= contrastRatio(background, lightText) ? darkText : lightText;
}
