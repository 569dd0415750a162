import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations.ts';
import { kindLabels, roleLabels } from './team-labels.ts';

/** Where an invitation link lands: what it is for, and a Join button (or sign in first). */
export function InvitationLanding({
  token,
  signedIn,
  signInPath,
  onJoined,
}: {
  token: string;
  signedIn: boolean;
  signInPath: string;
  onJoined: (teamId: string) => void;
}) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  if (preview.isPending) return <Text c="dimmed">Checking your invitation…</Text>;
  if (preview.isError)
    return (
      <Alert color="red" role="alert" title="This invitation cannot be used">
        {preview.error.message}
      </Alert>
    );
  const { team, role } = preview.data;
  return (
    <Card withBorder radius="md" padding="xl" maw={520}>
      <Stack>
        <Title order={1} size="h2">
          Join {team.name}
        </Title>
        <Text>
          You are invited to this {kindLabels[team.kind].toLowerCase()} ({team.gameType}
          {team.city ? `, ${team.city}` : ''}) as a {roleLabels[role].toLowerCase()}.
        </Text>
        {accept.error && (
          <Alert color="red" role="alert">
            {accept.error.message}
          </Alert>
        )}
        {signedIn ? (
          <Button
            loading={accept.isPending}
            onClick={() => accept.mutate(token, { onSuccess: (joined) => onJoined(joined.id) })}
          >
            Join {team.name}
          </Button>
        ) : (
          <Button component={Link} to={signInPath}>
            Sign in to join
          </Button>
        )}
      </Stack>
    </Card>
  );
}
