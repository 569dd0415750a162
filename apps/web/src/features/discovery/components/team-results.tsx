import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDiscoverTeams } from '../api/list-teams.ts';
import { ResultsEmpty, ResultsError, ResultsLoading } from './results-states.tsx';
import { TeamList } from './team-list.tsx';

/** discover/teams: public teams, nearest first from the viewer's city when there is one. */
export function TeamResults({ near }: { near: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const teams = useDiscoverTeams(debounced, near);
  return (
    <Stack gap="md">
      <TextInput
        label="Team name"
        placeholder="Search teams"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {teams.isPending ? (
        <ResultsLoading label="Loading teams" />
      ) : teams.isError ? (
        <ResultsError message="The teams could not be loaded." onRetry={() => void teams.refetch()} />
      ) : teams.data.teams.length === 0 ? (
        <ResultsEmpty>No public teams found.</ResultsEmpty>
      ) : (
        <TeamList teams={teams.data.teams} label="Teams" />
      )}
    </Stack>
  );
}
