import type { EventView } from '@huddle/shared/events';
import { email as emailSchema } from '@huddle/contracts/users';
import { Avatar, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddPlayer } from '../api/add-player.ts';
import { useSearchPlayers } from '../api/search-players.ts';

const searchDelayMs = 300;

/**
 * Add a player to this date by name or email (issue 11). Names match only people the organizer
 * already plays with (a team or a game); anyone else is found by their exact email.
 */
export function AddPlayerCard({ view }: { view: EventView }) {
  const eventId = view.event.id;
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(query, searchDelayMs);
  const search = useSearchPlayers(eventId, debounced);
  const add = useAddPlayer();
  const onDate = new Set([...view.joiners, ...view.waitlist].map((party) => party.userId));
  const people = debounced.trim().length >= 2 ? (search.data?.people ?? []) : [];
  const full = view.rsvpSlots < 1;

  const addPerson = (userId: string, displayName: string) => {
    setError(null);
    // Someone found by their exact email is added by it: a name is only enough for people the organizer plays with.
    const byEmail = emailSchema.safeParse(debounced.trim());
    const person = byEmail.success ? { email: byEmail.data } : { userId };
    add.mutate(
      { eventId, body: { occurrenceStartsAt: view.occurrence.startsAt, ...person } },
      {
        onSuccess: ({ party }) => {
          setQuery('');
          notifications.show({
            message:
              party.status === 'joined'
                ? `${displayName} is in. We emailed them.`
                : `${displayName} is on the waitlist: the game is full. We emailed them.`,
          });
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? (failure.fieldMessages.email ?? failure.message) : failure.message),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-player-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-player-title">
          Add a player
        </Title>
        <TextInput
          label="Name or email"
          description="Names match people who share a team or a game with you; anyone else by their exact email."
          value={query}
          onChange={(change) => {
            setQuery(change.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          maw={420}
        />
        {full && (
          <Text size="sm" c="dimmed">
            This date is full: people you add go to the waitlist.
          </Text>
        )}
        {debounced.trim().length >= 2 && !search.isFetching && people.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            No one found. Try their exact email.
          </Text>
        )}
        {people.length > 0 && (
          <Stack gap="xs" component="ul" aria-label="People found" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {people.map((person) => (
              <Group key={person.userId} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={person.photoURL} alt="" radius="xl" size="sm" />
                  <Text truncate>{person.displayName}</Text>
                </Group>
                {onDate.has(person.userId) ? (
                  <Text size="sm" c="dimmed">
                    On this date
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    loading={add.isPending}
                    aria-label={`Add ${person.displayName}`}
                    onClick={() => addPerson(person.userId, person.displayName)}
                  >
                    Add
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
