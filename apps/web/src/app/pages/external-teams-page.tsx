import { Stack, Text, Title } from '@mantine/core';
import { useFollowedTeams } from '../../features/teams/api/list-teams.ts';
import { TeamSummaryList } from '../../features/teams/components/team-summary-list.tsx';

/** external-teams (spec §2): teams the user follows without being a member. */
export function Component() {
  const teams = useFollowedTeams();
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Teams you follow</Title>
      <Text c="dimmed">Follow a team from its page to keep it here without joining.</Text>
      <TeamSummaryList
        teams={teams.data?.teams ?? []}
        empty={teams.isPending ? 'Loading…' : 'You do not follow any team yet.'}
      />
    </Stack>
  );
}
