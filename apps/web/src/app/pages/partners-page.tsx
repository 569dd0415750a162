import { findPartnerTypeBySlug, partnerMessages } from '@huddle/shared/partners';
import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { usePickedCity } from '../../features/discovery/visitor-location.ts';
import { usePartnerList } from '../../features/partners/api/list-partners.ts';
import { PartnerCard } from '../../features/partners/components/partner-card.tsx';
import { PartnerTypeNav } from '../../features/partners/components/partner-type-nav.tsx';
import { usePageName } from '../use-page-name.ts';
import { Component as NotFoundPage } from './not-found-page.tsx';

/**
 * partners/{ptype} (spec §2, public): the preferred partners of a type, nearest first when a city
 * is known (the viewer's own, or the city a visitor picked on discover), else by name.
 */
export function Component() {
  const type = findPartnerTypeBySlug(useParams().ptype ?? '');
  if (!type) return <NotFoundPage />;
  return <PartnerList type={type} />;
}

function PartnerList({ type }: { type: NonNullable<ReturnType<typeof findPartnerTypeBySlug>> }) {
  const signedIn = Boolean(useSession().data?.user);
  const picked = usePickedCity();
  const list = usePartnerList(type.type, signedIn || !picked ? null : { lat: picked.lat, lng: picked.lng });
  const heading = partnerMessages.listHeading(type.name);
  usePageName(heading);
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="xs">
        <Title order={1}>{heading}</Title>
        <Text c="dimmed">Places, shops, coaches and leagues Huddle works with, and their offers for players.</Text>
      </Stack>
      <PartnerTypeNav current={type.slug} />
      {list.isPending ? (
        <Text c="dimmed" role="status">
          Loading partners…
        </Text>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.partners.length === 0 ? (
        <Text c="dimmed">{partnerMessages.noPartners}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-label={heading} role="list">
          {list.data.partners.map((partner) => (
            <div role="listitem" key={partner.id}>
              <PartnerCard partner={partner} />
            </div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
