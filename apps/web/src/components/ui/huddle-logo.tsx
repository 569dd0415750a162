import { Group, Text } from '@mantine/core';

interface HuddleLogoProps {
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  /**
   * The wordmark only from this width up (the app's header at 375 px needs the room for its
   * icons); the mark alone below it, so the link around it needs its own label.
   */
  wordmarkFrom?: 'xs' | 'sm';
}

/** The Huddle mark (two players around a ball) and wordmark. Decorative mark; the word is the name. */
export function HuddleLogo({ size = 32, wordmarkFrom }: HuddleLogoProps) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0b7a57" />
        <circle cx="20" cy="19" r="7" fill="#fff" />
        <circle cx="44" cy="19" r="7" fill="#fff" />
        <path d="M9 49c0-9 5-16 11-16s9 4 12 4 6-4 12-4 11 7 11 16z" fill="#fff" />
        <circle cx="32" cy="28" r="5" fill="#f5a524" />
      </svg>
      <Text
        component="span"
        visibleFrom={wordmarkFrom}
        fw={800}
        fz={size * 0.7}
        lh={1}
        c="var(--mantine-color-text)"
        style={{ letterSpacing: '-0.02em' }}
      >
        Huddle
      </Text>
    </Group>
  );
}
