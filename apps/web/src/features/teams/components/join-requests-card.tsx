import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAnswerJoinRequest, useJoinRequests } from '../api/manage-members.ts';

/** Pending requests for a team that takes them (owner and organizers). */
export function JoinRequestsCard({ teamId }: { teamId: string }) {
  const requests = useJoinRequests(teamId, true);
  const answer = useAnswerJoinRequest();
  const pending = requests.data?.requests ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Join requests
      </Title>
      {pending.length === 0 ? (
        <Text c="dimmed" size="sm">
          No one is waiting to join.
        </Text>
      ) : (
        <Stack gap="xs">
          {pending.map((request) => (
            <Group key={request.userId} justify="space-between">
              <Group gap="sm">
                <Avatar src={request.photoURL} alt="" size="sm" radius="xl" />
                <Text>{request.displayName}</Text>
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  onClick={() =>
                    answer.mutate(
                      { teamId, userId: request.userId, approve: true },
                      { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
                    )
                  }
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => answer.mutate({ teamId, userId: request.userId, approve: false })}
                >
                  Decline
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
