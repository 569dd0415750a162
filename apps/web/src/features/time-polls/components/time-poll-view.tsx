import {
  timePollMessages,
  voteChoiceLabels,
  voteChoices,
  type TimePoll,
  type VoteBody,
  type VoteChoice,
} from '@huddle/shared/time-polls';
import { Alert, Anchor, Badge, Button, Card, Group, List, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { formatEventStart } from '../../../lib/format-event-time.ts';

interface TimePollViewProps {
  poll: TimePoll;
  onVote: (body: VoteBody) => void;
  saving: boolean;
  saveError: Error | null;
  saved: boolean;
  /** The organizer's close form, drawn by the page under the results. */
  closePanel?: ReactNode;
}

/** Dark shades on outline badges: readable (WCAG AA contrast) on the white card. */
const choiceColours: Record<VoteChoice, string> = { yes: 'huddle.9', ifNeeded: 'blue.9', no: 'gray.8' };

/**
 * A poll's page: per time, the counts and who answered what, live, with the viewer's own answer
 * beside it while votes are taken; once closed, the time that won and a link to the game.
 */
export function TimePollView({ poll, onVote, saving, saveError, saved, closePanel }: TimePollViewProps) {
  const [draft, setDraft] = useState<Record<string, VoteChoice>>(() => ({ ...poll.viewer.votes }));
  const chosen = poll.slots.find((slot) => slot.id === poll.chosenSlotId);
  const when = (startsAt: string) => formatEventStart(startsAt, poll.timeZone);
  const answered = Object.keys(draft).length;

  function save() {
    const votes = poll.slots.flatMap((slot) => (draft[slot.id] ? [{ slotId: slot.id, choice: draft[slot.id]! }] : []));
    onVote({ votes });
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={1}>{poll.title}</Title>
          <Badge color={poll.status === 'open' ? 'huddle.9' : 'gray.8'} variant="outline">
            {poll.status === 'open' ? (poll.acceptingVotes ? 'Open' : 'Voting ended') : 'Closed'}
          </Badge>
        </Group>
        <Text c="dimmed">
          {poll.teamName} · {poll.place ? poll.place.name : 'Place to be decided'} · {poll.spots} spots
        </Text>
        <Text size="sm" role="status">
          {poll.respondedCount} of {poll.invitedCount} invited answered
          {poll.closesAt && poll.status === 'open' ? ` · voting closes ${when(poll.closesAt)}` : ''}
        </Text>
      </Stack>

      {poll.status === 'closed' && chosen && (
        <Alert color="huddle" title="The game is on">
          <Stack gap={4}>
            <Text>
              {poll.title} is on {when(chosen.startsAt)}.
            </Text>
            {poll.eventId && (
              <Anchor component={Link} to={`/discover/events/${poll.eventId}`}>
                Open the game
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {poll.status === 'open' && !poll.acceptingVotes && <Alert color="yellow">{timePollMessages.alreadyClosed}</Alert>}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {poll.slots.map((slot) => {
          const label = when(slot.startsAt);
          const headingId = `slot-${slot.id}`;
          return (
            <Card key={slot.id} withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4" id={headingId}>
                    {label}
                  </Title>
                  {slot.id === poll.chosenSlotId ? (
                    <Badge color="huddle.9">Chosen</Badge>
                  ) : slot.id === poll.suggestedSlotId && poll.status === 'open' ? (
                    <Badge variant="light">Best so far</Badge>
                  ) : null}
                </Group>
                <Text size="sm" data-testid="slot-counts">
                  Yes {slot.counts.yes} · If needed {slot.counts.ifNeeded} · No {slot.counts.no}
                </Text>
                {poll.acceptingVotes && (
                  <Radio.Group
                    label={`Your answer for ${label}`}
                    value={draft[slot.id] ?? null}
                    onChange={(value) => setDraft((current) => ({ ...current, [slot.id]: value as VoteChoice }))}
                  >
                    <Group gap="md" mt={4} wrap="wrap">
                      {voteChoices.map((choice) => (
                        <Radio key={choice} value={choice} label={voteChoiceLabels[choice]} />
                      ))}
                    </Group>
                  </Radio.Group>
                )}
                {slot.voters.length > 0 ? (
                  <List size="sm" spacing={2} aria-label={`Answers for ${label}`}>
                    {slot.voters.map((voter) => (
                      <List.Item key={voter.userId}>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" truncate>
                            {voter.userId === poll.viewer.userId ? 'You' : voter.displayName}
                          </Text>
                          <Badge size="sm" variant="outline" color={choiceColours[voter.choice]}>
                            {voteChoiceLabels[voter.choice]}
                          </Badge>
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm" c="dimmed">
                    No answers yet.
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>

      {poll.acceptingVotes && (
        <Stack gap="xs">
          <FormLevelError error={saveError} />
          {saved && !saveError && (
            <Text c="huddle.9" role="status">
              {timePollMessages.voted}
            </Text>
          )}
          <Button onClick={save} loading={saving} disabled={answered === 0} style={{ alignSelf: 'flex-start' }}>
            Save my votes
          </Button>
        </Stack>
      )}
      {closePanel}
    </Stack>
  );
}
