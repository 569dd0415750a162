import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useEvent } from '../../features/events/api/get-event.ts';
import { EventForm } from '../../features/events/components/event-form.tsx';
import { LocationPicker } from '../../features/maps/components/location-picker.tsx';
import { viewAround } from '../../features/maps/map-view.ts';
import { useGameTypes } from '../../features/profiles/api/list-game-types.ts';
import { useStripeAccount } from '../../features/payments/api/get-stripe-account.ts';
import { useSessionUser } from './session-user.ts';

/** discover/events/{id}/edit (signed in): the event's creator or its team's organizers. */
export function Component() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSessionUser();
  const near = user?.defaultCity ? { lat: user.defaultCity.lat, lng: user.defaultCity.lng } : null;
  const gameTypes = useGameTypes();
  // Decision 033: a price is paid to the creator's connected account, which must take charges.
  const account = useStripeAccount();
  const view = useEvent(eventId);

  let body;
  if (view.isError && !view.data) {
    body = (
      <Alert color="red" role="alert">
        {view.error.message}
      </Alert>
    );
  } else if (!view.data) {
    body = (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  } else if (!view.data.canManage || view.data.event.cancelled) {
    body = (
      <Stack gap="sm">
        <Text fw={700}>You can’t edit this event</Text>
        <Text>
          {view.data.event.cancelled
            ? 'It was cancelled.'
            : 'Only the person who created it, or the organizers of its team, can edit it.'}
        </Text>
        <Anchor component={Link} to={`/discover/events/${eventId}`}>
          Back to the event
        </Anchor>
      </Stack>
    );
  } else {
    body = (
      <EventForm
        gameTypes={gameTypes.data ?? []}
        team={view.data.event.team}
        event={view.data.event}
        near={near}
        renderLocationPicker={(picker) => <LocationPicker {...picker} start={viewAround(near)} />}
        onSaved={(id) => void navigate(`/discover/events/${id}`)}
        canTakePayments={
          account.data && view.data.creator.id === user?.id ? account.data.stripeChargesEnabled : undefined
        }
      />
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Edit event</Title>
      <Card withBorder radius="lg" padding="lg">
        {body}
      </Card>
    </Stack>
  );
}
