import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { partnerPaths } from '@huddle/shared/partners';
import { EventSummaryList } from '../../features/discovery/components/event-summary-list.tsx';
import { usePlace } from '../../features/places/api/get-place.ts';
import { usePlaceEvents } from '../../features/places/api/get-place-events.ts';
import { CheckinsCard } from '../../features/places/components/checkins-card.tsx';
import { PlaceDetailsCard } from '../../features/places/components/place-details-card.tsx';
import { placePaths } from '../../features/places/place-paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PlaceMap } from '../composed/place-map.tsx';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/** places/view/{id} (spec §2, public): the place, its map, upcoming events there and who is there now. */
export function Component() {
  const { placeId = '' } = useParams();
  const { pathname } = useLocation();
  const user = useSession().data?.user ?? null;
  const view = usePlace(placeId);
  const events = usePlaceEvents(placeId);
  const missing = view.error instanceof ApiError && (view.error.code === 'NOT_FOUND' || view.error.status === 400);
  usePageName(missing ? notFoundPageName : view.data?.place.name);

  if (view.isPending) return <Text c="dimmed">Loading the place…</Text>;
  if (view.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={1}>Place not found</Title>
        <Text>
          {view.error instanceof ApiError && view.error.code === 'NOT_FOUND'
            ? 'This place does not exist.'
            : view.error.message}
        </Text>
        <Button component={Link} to="/discover/places" variant="default">
          Find places
        </Button>
      </Stack>
    );
  }
  const { place, checkins, myCheckin } = view.data;
  return (
    <Stack gap="lg" maw={1100}>
      <PlaceDetailsCard place={place} signedIn={user !== null} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlaceMap place={place} height={320} />
        <CheckinsCard
          placeId={place.id}
          checkins={checkins}
          myCheckin={myCheckin}
          viewerId={user?.id ?? null}
          signInPath={authPathWithReturnTo(authPaths.login, pathname)}
        />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="place-events-heading">
        <Stack gap="xs">
          <Title order={2} size="h4" id="place-events-heading">
            Upcoming events here
          </Title>
          {events.isPending ? (
            <Text c="dimmed" size="sm">
              Loading events…
            </Text>
          ) : (events.data?.events.length ?? 0) === 0 ? (
            <Text c="dimmed" size="sm">
              No upcoming events here yet.
              {user ? (
                <>
                  {' '}
                  <Anchor component={Link} to={placePaths.newEventHere(place.id)}>
                    Create one
                  </Anchor>
                  .
                </>
              ) : null}
            </Text>
          ) : (
            <EventSummaryList events={events.data?.events ?? []} label={`Upcoming events at ${place.name}`} />
          )}
        </Stack>
      </Card>
      <Text size="sm">
        Looking for a court to book, gear or a coach? See{' '}
        <Anchor component={Link} to={partnerPaths.start} fw={600} c="inherit" underline="always">
          Huddle’s partners
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
