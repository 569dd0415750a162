import type { TeamDetail } from '@huddle/shared/teams';
import { Alert, Avatar, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useJoinTeam, useLeaveTeam, useSetFollowing } from '../api/team-membership.ts';
import type { ReactNode } from 'react';
import { joinPolicyLabels, kindLabels, roleLabels, teamNoun } from './team-labels.ts';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Something went wrong.' });

/** The top of a team's or community's page: who they are, and the viewer's join, request, leave or follow button. */
export function TeamOverview({
  team,
  signedIn,
  managerActions,
}: {
  team: TeamDetail;
  signedIn: boolean;
  /** Owner and organizer buttons (Edit details), composed in by the page. */
  managerActions?: ReactNode;
}) {
  const join = useJoinTeam();
  const leave = useLeaveTeam();
  const follow = useSetFollowing();
  const { role, pendingRequest, following } = team.viewer;

  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={team.photoURL} alt="" size={88} radius="md" color="teal">
          {team.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {team.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{kindLabels[team.kind]}</Badge>
            <Badge variant="outline">{team.gameType}</Badge>
            {team.visibility === 'private' && (
              <Badge variant="light" color="gray">
                Private
              </Badge>
            )}
            {role && (
              <Badge variant="light" color="gray">
                You: {roleLabels[role]}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            {[
              team.city,
              `${team.memberCount} member${team.memberCount === 1 ? '' : 's'}`,
              joinPolicyLabels[team.joinPolicy],
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      </Group>
      {team.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{team.description}</Text>}

      {signedIn && (
        <Group>
          {!role && !pendingRequest && team.joinPolicy === 'open' && (
            <Button loading={join.isPending} onClick={() => join.mutate(team.id, { onError: failed })}>
              Join
            </Button>
          )}
          {!role && !pendingRequest && team.joinPolicy === 'request' && (
            <Button
              loading={join.isPending}
              onClick={() =>
                join.mutate(team.id, {
                  onSuccess: () => notifications.show({ message: 'Request sent. An organizer will answer soon.' }),
                  onError: failed,
                })
              }
            >
              Ask to join
            </Button>
          )}
          {!role && pendingRequest && (
            <Button
              variant="default"
              loading={leave.isPending}
              onClick={() => leave.mutate(team.id, { onError: failed })}
            >
              Withdraw request
            </Button>
          )}
          {role && role !== 'owner' && (
            <Button
              variant="default"
              color="red"
              loading={leave.isPending}
              onClick={() => leave.mutate(team.id, { onError: failed })}
            >
              Leave
            </Button>
          )}
          {managerActions}
          {!role && (
            <Button
              variant="subtle"
              loading={follow.isPending}
              onClick={() => follow.mutate({ teamId: team.id, follow: !following }, { onError: failed })}
            >
              {following ? 'Unfollow' : 'Follow'}
            </Button>
          )}
        </Group>
      )}
      {!role && team.joinPolicy === 'invite' && signedIn && (
        <Alert variant="light">
          This {teamNoun(team.kind)} takes new members by invitation. Ask an organizer for a link.
        </Alert>
      )}
    </Stack>
  );
}
