import { bibColourLabels, type BibColour } from '@huddle/shared/fair-teams';
import { Box } from '@mantine/core';

/** Mantine colours of the bibs; white and black get a border so they show on either scheme. */
const swatchColours: Record<BibColour, string> = {
  red: 'var(--mantine-color-red-6)',
  blue: 'var(--mantine-color-blue-6)',
  green: 'var(--mantine-color-green-6)',
  yellow: 'var(--mantine-color-yellow-4)',
  orange: 'var(--mantine-color-orange-6)',
  white: '#ffffff',
  black: '#111111',
  purple: 'var(--mantine-color-grape-6)',
};

/** A small bib-coloured square; the colour's name is said to screen readers. */
export function BibSwatch({ colour, size = 28 }: { colour: BibColour; size?: number }) {
  return (
    <Box
      role="img"
      aria-label={`${bibColourLabels[colour]} bibs`}
      w={size}
      h={size}
      style={{
        flex: 'none',
        borderRadius: 6,
        background: swatchColours[colour],
        border: '1px solid var(--mantine-color-default-border)',
        marginBottom: 4,
      }}
    />
  );
}
