import { badgeCatalogue, badgeTierNames, type EarnedBadge } from '@huddle/shared/badges';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { earnedOn } from '../earned-date.ts';
import { BadgeMedal } from './badge-medal.tsx';

/**
 * The badges on a public profile (decision 064), each at its highest tier, in words beside the
 * picture. Nothing at all when there are none to show: the flag is off, the player hides them,
 * or has not earned one yet.
 */
export function ProfileBadges({ badges }: { badges: EarnedBadge[] | null | undefined }) {
  if (!badges || badges.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={2} size="h5" id="player-badges-title">
        Badges
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="player-badges-title"
      >
        {badges.map(({ badgeId, tier, earnedAt }) => {
          const badge = badgeCatalogue[badgeId];
          return (
            <Group key={badgeId} component="li" gap="sm" wrap="nowrap" data-badge={badgeId}>
              <BadgeMedal badgeId={badgeId} tier={tier} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700}>
                  {badge.name} · {badgeTierNames[tier - 1]}
                </Text>
                <Text size="sm" c="dimmed">
                  {badge.describe(badge.thresholds[tier - 1]!)} · {earnedOn(earnedAt)}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
