import { partnerPaths, type PartnerSummary } from '@huddle/shared/partners';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useFormatDistanceAway } from '../../../lib/distance-unit.tsx';
import { PartnerLogo } from './partner-logo.tsx';

/** A preferred partner in its type's list: logo, name, where, a line of its words, its offers and events. */
export function PartnerCard({ partner }: { partner: PartnerSummary }) {
  const away = useFormatDistanceAway();
  const titleId = `partner-${partner.id}-name`;
  const where = [partner.address ?? partner.cityName, partner.distanceKm !== null ? away(partner.distanceKm) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={titleId}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <PartnerLogo name={partner.name} logoUrl={partner.logoUrl} size={56} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={partnerPaths.preferred(partner.id)} c="inherit" fw={700}>
              {partner.name}
            </Anchor>
          </Title>
          {where ? (
            <Text size="sm" c="dimmed">
              {where}
            </Text>
          ) : null}
          <Text size="sm" lineClamp={2}>
            {partner.description}
          </Text>
          <Group gap="md">
            <Text size="sm" fw={600}>
              {partner.offerCount === 0
                ? 'No offers right now'
                : partner.offerCount === 1
                  ? '1 offer'
                  : `${partner.offerCount} offers`}
            </Text>
            {partner.hasEvents ? (
              <Anchor
                component={Link}
                to={partnerPaths.events(partner.id)}
                size="sm"
                fw={600}
                aria-describedby={titleId}
              >
                Upcoming events
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
