import { partnerMessages, type PartnerOffer } from '@huddle/shared/partners';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { ViewerClockTime } from '../../../components/ui/viewer-clock-time.tsx';

/** The offer's last day on the viewer's clock (the UTC day on a page the server rendered, until it hydrates). */
const validUntilFormat: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** A partner's offers valid now (the server leaves out ended and not-yet-started ones). */
export function PartnerOffers({ offers }: { offers: PartnerOffer[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="partner-offers-heading">
      <Title order={2} size="h3" id="partner-offers-heading">
        Offers
      </Title>
      {offers.length === 0 ? (
        <Text c="dimmed">{partnerMessages.noOffers}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {offers.map((offer) => (
            <Card key={offer.id} withBorder radius="md" padding="md" component="li">
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {offer.title}
                </Title>
                {offer.description ? <Text size="sm">{offer.description}</Text> : null}
                {offer.code ? (
                  <Text size="sm">
                    Code:{' '}
                    <Text span ff="monospace" fw={700}>
                      {offer.code}
                    </Text>
                  </Text>
                ) : null}
                {offer.url ? (
                  <Text size="sm">
                    <Anchor
                      href={offer.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      fw={600}
                      c="inherit"
                      underline="always"
                    >
                      Get this offer
                    </Anchor>
                  </Text>
                ) : null}
                {offer.validUntil ? (
                  <Text size="xs" c="dimmed">
                    Valid until{' '}
                    <time dateTime={offer.validUntil}>
                      <ViewerClockTime iso={offer.validUntil} format={validUntilFormat} />
                    </time>
                  </Text>
                ) : null}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
