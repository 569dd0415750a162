import { partnerPaths } from '@huddle/shared/partners';
import { Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { usePartner } from '../../features/partners/api/get-partner.ts';
import { PartnerHeader } from '../../features/partners/components/partner-header.tsx';
import { PartnerOffers } from '../../features/partners/components/partner-offers.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageName } from '../use-page-name.ts';
import { Component as NotFoundPage } from './not-found-page.tsx';

/** partner/preferred/{id} (spec §2, public): a preferred partner and its offers valid now. */
export function Component() {
  const { partnerId = '' } = useParams();
  const view = usePartner(partnerId);
  const missing = view.error instanceof ApiError && (view.error.code === 'NOT_FOUND' || view.error.status === 400);
  usePageName(view.data?.name);

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
  return (
    <Stack gap="lg" maw={900}>
      <PartnerHeader partner={partner} />
      {partner.hasEvents ? (
        <Button
          component={Link}
          to={partnerPaths.events(partner.id)}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          See upcoming events
        </Button>
      ) : null}
      <PartnerOffers offers={partner.offers} />
    </Stack>
  );
}
