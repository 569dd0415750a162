import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { useEvent } from '../../features/events/api/get-event.ts';
import { EventDetails } from '../../features/events/components/event-details.tsx';
import { OpenConversationButton } from '../../features/messages/components/open-conversation-button.tsx';
import { useOccurrenceParam } from '../../features/events/use-occurrence-param.ts';
import { eventKeys } from '../../features/events/api/event-query-keys.ts';
import { useCancelledCheckoutReturn } from '../../features/paid-games/components/cancelled-checkout.ts';
import { SubstituteInvitationBanner } from '../../features/substitutes/components/substitute-invitation-banner.tsx';
import { invitationAnswerable } from '../../features/substitutes/invitation-answerable.ts';
import { PublishedTeamsCard } from '../../features/fair-teams/components/published-teams-card.tsx';
import { PlaceMap } from '../composed/place-map.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';
import { eventPageName } from '@huddle/shared/page-names';

/**
 * discover/events/{id}, discover/games/{id} and evt/{id} (spec §2): open to everyone.
 * Spec §4: Loading until the event and its creator are there. ?occurrence= picks a date.
 */
export function Component() {
  const { eventId = '' } = useParams();
  const [occurrence, setOccurrence] = useOccurrenceParam();
  const { pathname, search } = useLocation();
  const userId = useSession().data?.user?.id ?? null;
  const view = useEvent(eventId, occurrence);
  const queryClient = useQueryClient();
  // Checkout's Cancel lands here: the held spot is released, then the page reads the event again.
  useCancelledCheckoutReturn(
    useCallback(
      () => void queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
      [queryClient, eventId],
    ),
  );
  const missing =
    view.isError &&
    !view.data &&
    view.error instanceof ApiError &&
    (view.error.code === 'NOT_FOUND' || view.error.code === 'VALIDATION_FAILED');
  // As the server titles the page (events.page-meta.ts): the same title before and after the scripts (issue 33).
  usePageName(missing ? notFoundPageName : view.data ? eventPageName(view.data) : undefined);

  if (view.isError && !view.data) {
    return (
      <Stack gap="sm" maw={800}>
        <Title order={1}>{missing ? 'Event not found' : 'The event could not be loaded'}</Title>
        <Text>{missing ? 'It may have been removed, or the link is not complete.' : view.error.message}</Text>
        <Anchor component={Link} to="/discover/events">
          Find other games
        </Anchor>
      </Stack>
    );
  }
  if (!view.data) {
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  }
  return (
    <Box maw={1100}>
      <SubstituteInvitationBanner
        eventId={view.data.event.id}
        occurrenceStartsAt={view.data.occurrence.startsAt}
        canAnswer={invitationAnswerable(view.data, userId)}
        onJoined={() => void queryClient.invalidateQueries({ queryKey: eventKeys.event(view.data.event.id) })}
      />
      <EventDetails
        view={view.data}
        userId={userId}
        signInPath={authPathWithReturnTo(authPaths.login, `${pathname}${search}`)}
        placeMap={<PlaceMap place={view.data.event.place} height={240} />}
        onOccurrenceChange={setOccurrence}
        organizerAction={
          <OpenConversationButton target={{ userId: view.data.creator.id }} label="Message the organizer" size="xs" />
        }
      />
      {/* Issue 34 part 2: the teams the organizer published for this date. */}
      <PublishedTeamsCard
        eventId={view.data.event.id}
        occurrenceStartsAt={view.data.occurrence.startsAt}
        enabled={userId !== null}
      />
    </Box>
  );
}
