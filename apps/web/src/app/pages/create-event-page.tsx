import { isValidTimeZone } from '@huddle/shared/event-occurrences';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePlace } from '../../features/events/api/get-place.ts';
import { EventForm, type EventPrefill } from '../../features/events/components/event-form.tsx';
import { LocationPicker } from '../../features/maps/components/location-picker.tsx';
import { viewAround } from '../../features/maps/map-view.ts';
import { useGameTypes } from '../../features/profiles/api/list-game-types.ts';
import { teamQueryOptions } from '../../features/teams/api/get-team.ts';
import { useStripeAccount } from '../../features/payments/api/get-stripe-account.ts';
import { useSessionUser } from './session-user.ts';

const wallClock = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * "Create game" from Find a time (decision 079): ?title=, ?start= and ?end= (wall clock,
 * 'YYYY-MM-DDTHH:mm'), ?timeZone= and ?spots= start the form there. Anything malformed is left
 * out, so a hand-edited address still opens an ordinary form; the form checks the rest.
 */
function prefillFrom(searchParams: URLSearchParams): EventPrefill | null {
  const prefill: EventPrefill = {};
  const title = searchParams.get('title')?.trim();
  if (title) prefill.title = title.slice(0, 100);
  const start = searchParams.get('start');
  const end = searchParams.get('end');
  if (start && end && wallClock.test(start) && wallClock.test(end)) {
    prefill.startLocal = start;
    prefill.endLocal = end;
  }
  const timeZone = searchParams.get('timeZone');
  if (timeZone && isValidTimeZone(timeZone)) prefill.timeZone = timeZone;
  const spots = Number(searchParams.get('spots'));
  if (Number.isInteger(spots) && spots > 0) prefill.slots = spots;
  return Object.keys(prefill).length > 0 ? prefill : null;
}

/**
 * events/new (signed in): a pickup game, or a team's event with ?teamId=; ?placeId= starts at a
 * place; Find a time's prefill (prefillFrom) starts it at a time.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const teamId = searchParams.get('teamId');
  const placeId = searchParams.get('placeId');
  const navigate = useNavigate();
  const { user } = useSessionUser();
  const near = user?.defaultCity ? { lat: user.defaultCity.lat, lng: user.defaultCity.lng } : null;
  const gameTypes = useGameTypes();
  // Decision 033: a price is paid to the creator's connected account, which must take charges.
  const account = useStripeAccount();
  const team = useQuery({ ...teamQueryOptions(teamId ?? ''), enabled: Boolean(teamId) });
  const place = usePlace(placeId);
  const role = team.data?.viewer.role;
  const organizes = role === 'owner' || role === 'organizer';
  const noun = team.data?.kind === 'community' ? 'community' : 'team';

  let body;
  if ((teamId && team.isPending) || (placeId && place.isPending)) {
    body = (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  } else if (teamId && (team.isError || !organizes)) {
    body = (
      <Stack gap="sm">
        <Text fw={700}>You can’t create events for this {noun}</Text>
        <Text>
          Only the {noun}’s organizers can add its events. You can still create a pickup game without the {noun}.
        </Text>
        <Anchor component={Link} to="/events/new">
          Create a pickup game
        </Anchor>
      </Stack>
    );
  } else {
    const chosen = place.data?.place;
    body = (
      <EventForm
        gameTypes={gameTypes.data ?? []}
        team={
          team.data
            ? { id: team.data.id, name: team.data.name, gameType: team.data.gameType, kind: team.data.kind }
            : null
        }
        initialPlace={chosen ? { id: chosen.id, name: chosen.name, address: chosen.address } : null}
        prefill={prefillFrom(searchParams)}
        near={near}
        renderLocationPicker={(picker) => <LocationPicker {...picker} start={viewAround(near)} />}
        onSaved={(eventId) => void navigate(`/discover/events/${eventId}`)}
        canTakePayments={account.data ? account.data.stripeChargesEnabled : undefined}
      />
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>New event</Title>
        <Text c="dimmed">Set up a game; players nearby can find it and join.</Text>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        {body}
      </Card>
    </Stack>
  );
}
