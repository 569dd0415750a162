import type { EventView, Party } from '@huddle/shared/events';
import { Anchor, Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatSpotsLeft } from '../event-format.ts';

/** A party's name with its +N friends. */
export const partyName = (party: Party) =>
  party.partySize > 1 ? `${party.displayName} +${party.partySize - 1}` : party.displayName;

function PersonName({ party }: { party: Party }) {
  if (!party.userId || party.isUnregisteredUser) return <Text truncate>{partyName(party)}</Text>;
  return (
    <Anchor component={Link} to={`/profile/${party.userId}`} truncate>
      {partyName(party)}
    </Anchor>
  );
}

/** Who is coming (spec §3 joiners: registered players and guests), spots left and the waitlist's length. */
export function EventPeople({ view }: { view: EventView }) {
  const waiting = view.waitlist.length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Who’s playing
          </Title>
          <Text size="sm" c="dimmed">
            {formatSpotsLeft(view.rsvpSlots, view.event.slots)}
            {waiting > 0 ? ` · ${waiting} on the waitlist` : ''}
          </Text>
        </Group>
        {view.joiners.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody has joined yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {view.joiners.map((party) => (
              <Group key={party.id} component="li" gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar src={party.photoURL} alt="" radius="xl" size="sm" />
                <PersonName party={party} />
                {party.isUnregisteredUser && (
                  <Badge size="sm" variant="light" color="gray">
                    Guest
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
