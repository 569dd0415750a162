import { eventsPartnerPageName } from '@huddle/shared/page-names';
import { partnerMessages, partnerPaths } from '@huddle/shared/partners';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EventSummaryList } from '../../features/discovery/components/event-summary-list.tsx';
import { useEventsPartner } from '../../features/partners/api/get-events-partner.ts';
import { PartnerHeader } from '../../features/partners/components/partner-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageName } from '../use-page-name.ts';
import { Component as NotFoundPage } from './not-found-page.tsx';

/** partner/events/{id} (spec §2, public): an events partner and its team's upcoming events. */
export function Component() {
  const { partnerId = '' } = useParams();
  const view = useEventsPartner(partnerId);
  const missing = view.error instanceof ApiError && (view.error.code === 'NOT_FOUND' || view.error.status === 400);
  usePageName(view.data ? eventsPartnerPageName(view.data) : undefined);

  if (missing) return <NotFoundPage />;
  if (view.isPending) {
    return (
      <Text c="dimmed" role="status">
        Loading the partner…
      </Text>
    );
  }
  if (view.isError) return <Text role="alert">{view.error.message}</Text>;
  const partner = view.data;
  const offers = partner.offers.length;
  return (
    <Stack gap="lg" maw={900}>
      <PartnerHeader partner={partner} />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="partner-events-heading">
        <Stack gap="xs">
          <Title order={2} size="h3" id="partner-events-heading">
            Upcoming events
          </Title>
          <Text size="sm" c="dimmed">
            Run by{' '}
            <Anchor component={Link} to={`/team/${partner.team.id}`} fw={600} c="inherit" underline="always">
              {partner.team.name}
            </Anchor>
            {offers > 0 ? (
              <>
                {' · '}
                <Anchor
                  component={Link}
                  to={partnerPaths.preferred(partner.id)}
                  fw={600}
                  c="inherit"
                  underline="always"
                >
                  {offers === 1 ? '1 offer' : `${offers} offers`}
                </Anchor>
              </>
            ) : null}
          </Text>
          {partner.events.length === 0 ? (
            <Text c="dimmed">{partnerMessages.noEvents}</Text>
          ) : (
            <EventSummaryList events={partner.events} label={`Upcoming events of ${partner.name}`} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
