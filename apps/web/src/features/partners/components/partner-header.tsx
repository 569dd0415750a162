import { partnerPaths, partnerTypeOf, type PartnerDetail } from '@huddle/shared/partners';
import { Anchor, Breadcrumbs, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PartnerLogo } from './partner-logo.tsx';

/** The top of a partner's pages: back to its type's list, logo, name, kind, where, website and description. */
export function PartnerHeader({ partner }: { partner: PartnerDetail }) {
  const type = partnerTypeOf(partner.type);
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={partnerPaths.list(type.slug)}>
          {`Preferred ${type.name}`}
        </Anchor>
        <Text span>{partner.name}</Text>
      </Breadcrumbs>
      <Card withBorder radius="lg" padding="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <PartnerLogo name={partner.name} logoUrl={partner.logoUrl} size={72} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {partner.name}
            </Title>
            <Text size="sm" c="dimmed">
              {[`Huddle partner · ${type.one}`, partner.address, partner.cityName].filter(Boolean).join(' · ')}
            </Text>
            {partner.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{partner.description}</Text> : null}
            {partner.websiteUrl ? (
              <Text size="sm">
                <Anchor
                  href={partner.websiteUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  fw={600}
                  c="inherit"
                  underline="always"
                >
                  Visit the website
                </Anchor>
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
