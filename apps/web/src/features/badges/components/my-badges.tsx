import {
  badgeCatalogue,
  badgeTierNames,
  formatBadgeValue,
  type MyBadges as MyBadgesReply,
} from '@huddle/shared/badges';
import { Anchor, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMyBadges } from '../api/get-my-badges.ts';
import { earnedOn } from '../earned-date.ts';
import { BadgeMedal } from './badge-medal.tsx';

type BadgeProgress = MyBadgesReply['badges'][number];

function MyBadge({ badge: { badgeId, value, tiers } }: { badge: BadgeProgress }) {
  const badge = badgeCatalogue[badgeId];
  const earned = tiers.filter((tier) => tier.earnedAt !== null);
  const highest = earned.at(-1);
  const next = tiers.find((tier) => tier.earnedAt === null);
  const nextName = next ? badgeTierNames[next.tier - 1] : null;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-badge={badgeId}>
      <BadgeMedal badgeId={badgeId} tier={highest?.tier ?? 0} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700}>
          {badge.name} · {highest ? badgeTierNames[highest.tier - 1] : 'not earned yet'}
        </Text>
        <Text size="sm" c="dimmed">
          {highest ? `${badge.describe(highest.threshold)} · ${earnedOn(highest.earnedAt!)}` : badge.description}
        </Text>
        {next ? (
          <>
            <Progress
              value={Math.min(100, Math.round((value / next.threshold) * 100))}
              size="sm"
              color="huddle"
              aria-label={`${badge.name}: progress to ${nextName}`}
            />
            <Text size="xs">
              Next: {nextName} at {badge.describe(next.threshold)} · now {formatBadgeValue(badgeId, value)}
            </Text>
          </>
        ) : (
          <Text size="xs">Every tier earned.</Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * The owner's badges on their profile page (decision 064): every badge, earned or not, with the
 * progress to the next tier, whatever the switch says; the switch itself is in Privacy settings.
 */
export function MyBadges({ shownOnProfile }: { shownOnProfile: boolean }) {
  const badges = useMyBadges(true);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-badges-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="my-badges-title">
            Badges
          </Title>
          <Text size="sm">
            {shownOnProfile
              ? 'Other players see the badges you earn on your public profile. '
              : 'Only you see your badges: they are hidden from your public profile. '}
            <Anchor component={Link} to="/settings?tab=privacy" fw={600}>
              Change this in Privacy settings
            </Anchor>
          </Text>
        </Stack>
        {badges.isPending ? (
          <Skeleton h={160} radius="md" />
        ) : badges.isError ? (
          <Text size="sm" c="dimmed">
            Your badges could not be loaded.
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="lg"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="my-badges-title"
          >
            {badges.data.map((badge) => (
              <MyBadge key={badge.badgeId} badge={badge} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
