import type { BadgeId, BadgeTier } from '@huddle/shared/badges';
import { ThemeIcon } from '@mantine/core';
import { IconCalendarCheck, IconRun, IconTargetArrow, IconTrophy, IconUsersGroup } from '@tabler/icons-react';

const icons = {
  'games-played': IconRun,
  'seasons-completed': IconCalendarCheck,
  'tournaments-won': IconTrophy,
  'quiz-level': IconTargetArrow,
  'games-organized': IconUsersGroup,
} satisfies Record<BadgeId, unknown>;

/** Gray before the first tier, then bronze, silver, gold and platinum, dark enough for the white picture. */
const tierColors = ['gray.6', '#8a4b1d', '#56616d', '#9a7300', '#364fc7'] as const;

/** A badge's picture, coloured by tier. Decoration only: the badge's name and tier are always written beside it. */
export function BadgeMedal({ badgeId, tier, size = 44 }: { badgeId: BadgeId; tier: BadgeTier | 0; size?: number }) {
  const Icon = icons[badgeId];
  return (
    <ThemeIcon size={size} radius={size} color={tierColors[tier]} variant={tier === 0 ? 'light' : 'filled'} aria-hidden>
      <Icon size={size * 0.55} stroke={1.8} />
    </ThemeIcon>
  );
}
