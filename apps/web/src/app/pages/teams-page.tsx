import { Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTeamSearch } from '../../features/teams/api/list-teams.ts';
import { TeamSummaryList } from '../../features/teams/components/team-summary-list.tsx';

/** Teams by location (nearest first from the user's city) or all teams, searched by name. */
export function Component() {
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<'near' | 'all'>('near');
  const [query] = useDebouncedValue(search.trim(), 250);
  const teams = useTeamSearch(query, order === 'near');
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Teams</Title>
      <Group align="flex-end">
        <TextInput
          label="Search teams by name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <SegmentedControl
          aria-label="Order"
          value={order}
          onChange={(value) => setOrder(value as 'near' | 'all')}
          data={[
            { value: 'near', label: 'Nearest first' },
            { value: 'all', label: 'A to Z' },
          ]}
        />
      </Group>
      <TeamSummaryList
        teams={teams.data?.teams ?? []}
        empty={teams.isPending ? 'Loading teams…' : 'No public team matches that name.'}
      />
    </Stack>
  );
}
