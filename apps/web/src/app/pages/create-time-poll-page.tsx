import { newPollState } from '@huddle/contracts/time-polls';
import { timePollMessages } from '@huddle/shared/time-polls';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTeam } from '../../features/teams/api/get-team.ts';
import { CreateTimePollForm } from '../../features/time-polls/components/create-time-poll-form.tsx';
import { usePageName } from '../use-page-name.ts';

/**
 * teams/{teamId}/polls/new (signed in, the team's organizers): a time poll. "Send a poll" on the
 * find-a-time page opens it with the chosen times in the router state; opened directly, the
 * organizer types the times.
 */
export function Component() {
  const { teamId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const team = useTeam(teamId);
  usePageName('New time poll');
  const handed = newPollState.safeParse(location.state);

  if (team.isPending) return <Text c="dimmed">Loading…</Text>;
  if (team.isError) return <Text>This team does not exist, or is not shared with you.</Text>;
  const role = team.data.viewer.role;
  const manages = role === 'owner' || role === 'organizer';
  return (
    <Stack gap="md" maw={820}>
      <Title order={1}>New time poll</Title>
      <Text>
        For{' '}
        <Anchor component={Link} to={`/team/${teamId}`}>
          {team.data.name}
        </Anchor>
        : members answer yes, if needed or no for each time, signed in or through the link their mail carries.
      </Text>
      {manages ? (
        <CreateTimePollForm
          teamId={teamId}
          // The server reads a team without a zone in UTC; the times typed here must agree.
          timeZone={team.data.timeZone ?? 'UTC'}
          initial={handed.success ? handed.data : null}
          onCreated={(poll) => {
            notifications.show({ message: timePollMessages.created, color: 'green', autoClose: 5000 });
            void navigate(`/teams/${teamId}/polls/${poll.id}`);
          }}
        />
      ) : (
        <Text>Only the team’s organizers can send a poll.</Text>
      )}
    </Stack>
  );
}
