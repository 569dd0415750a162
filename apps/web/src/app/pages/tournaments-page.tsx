import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { useMyTournaments, useTeamTournaments } from '../../features/tournaments/api/list-tournaments.ts';
import { TournamentList } from '../../features/tournaments/components/tournament-list.tsx';

function Listing({ query, empty }: { query: ReturnType<typeof useMyTournaments>; empty: string }) {
  if (query.isPending) return <Skeleton h={80} radius="md" />;
  if (query.isError) return <Text>The tournaments could not be loaded.</Text>;
  return <TournamentList tournaments={query.data.tournaments} empty={empty} />;
}

/**
 * tournament (spec §2, lazy; public): the tournaments you organize or play in when signed in,
 * and a team's (?teamId=) for anyone who may see the team.
 */
export function Component() {
  const [search] = useSearchParams();
  const teamId = search.get('teamId');
  const signedIn = Boolean(useSession().data?.user);
  const mine = useMyTournaments(signedIn);
  const ofTeam = useTeamTournaments(teamId);
  const teamName = ofTeam.data?.tournaments[0]?.teamName;

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Tournaments</Title>
        {signedIn ? (
          <Button component={Link} to="/create/tournament">
            Create a tournament
          </Button>
        ) : null}
      </Group>
      {teamId ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            {teamName ? `${teamName}’s tournaments` : 'This team’s tournaments'}
          </Title>
          <Listing query={ofTeam} empty="This team has no tournaments yet." />
        </Stack>
      ) : null}
      {signedIn ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Yours
          </Title>
          <Listing query={mine} empty="You organize or play in no tournaments yet." />
        </Stack>
      ) : teamId ? null : (
        <Text>
          <Anchor href={authPathWithReturnTo(authPaths.login, '/tournament')} fw={600} c="inherit" underline="always">
            Sign in
          </Anchor>{' '}
          to see the tournaments you organize or play in, or open one from its team’s page.
        </Text>
      )}
    </Stack>
  );
}
