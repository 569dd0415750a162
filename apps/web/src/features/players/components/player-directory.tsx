import { Avatar, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlayers } from '../api/list-players.ts';

export function PlayerDirectory() {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const players = usePlayers(query);
  const list = players.data?.players ?? [];
  return (
    <Stack>
      <TextInput
        label="Search players by name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {list.length === 0 ? (
        <Text c="dimmed">{players.isPending ? 'Loading players…' : 'No player matches that name.'}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((player) => (
            <Card key={player.id} withBorder radius="md" padding="sm" component={Link} to={`/profile/${player.id}`}>
              <Group wrap="nowrap">
                <Avatar src={player.photoURL} alt="" radius="xl" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {player.displayName}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {[player.city, player.games.join(', ')].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
