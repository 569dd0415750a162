import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAnswerInvitation } from '../api/answer-invitation.ts';
import { useMyInvitation } from '../api/get-my-invitation.ts';

interface SubstituteInvitationBannerProps {
  eventId: string;
  occurrenceStartsAt: string;
  /** Signed in and not yet on this date: only then can an invitation be answered here. */
  canAnswer: boolean;
  /** After a join: the page reads the event again (its spots and the viewer's party). */
  onJoined: () => void;
}

/**
 * The invitation's one-tap join (issue 12): the notification opens the event on its date, and
 * this is the first thing the invited person sees there. Join takes a spot while one is free,
 * else a waitlist place, by the same rules as the page's own Join.
 */
export function SubstituteInvitationBanner({
  eventId,
  occurrenceStartsAt,
  canAnswer,
  onJoined,
}: SubstituteInvitationBannerProps) {
  const mine = useMyInvitation(eventId, occurrenceStartsAt, canAnswer);
  const answer = useAnswerInvitation();
  const invitation = mine.data?.invitation;
  if (!canAnswer || !invitation || invitation.answer === 'joined' || invitation.answer === 'waitlisted') return null;

  const send = (kind: 'accept' | 'decline') =>
    answer.mutate(
      { eventId, occurrenceStartsAt, answer: kind },
      {
        onSuccess: (party) => {
          if (!party) {
            notifications.show({ message: 'Thanks for letting the organizer know.' });
            return;
          }
          notifications.show({
            message:
              party.status === 'joined' ? 'You’re in. See you there!' : 'The game filled up: you are on the waitlist.',
          });
          onJoined();
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );

  return (
    <Alert
      color="huddle"
      variant="light"
      title="You’re invited to play as a substitute"
      role="region"

      mb="md"
    >
      <Text size="sm" mb="sm">
        {invitation.answer === 'declined'
          ? 'You said no to this date. Changed your mind? You can still join while there is room.'
          : 'This game is short of players and you are nearby and free then.'}
      </Text>
      <Group gap="sm">
        <Button
          onClick={() => send('accept')}
          loading={answer.isPending && answer.variables?.answer === 'accept'}
          disabled={answer.isPending}
        >
          Join this game
        </Button>
        {invitation.answer !== 'declined' && (
          <Button
            variant="default"
            onClick={() => send('decline')}
            loading={answer.isPending && answer.variables?.answer === 'decline'}
            disabled={answer.isPending}
          >
            No, thanks
          </Button>
        )}
      </Group>
    </Alert>
  );
}
