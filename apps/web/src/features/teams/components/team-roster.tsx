import type { TeamDetail, TeamRole } from '@huddle/shared/teams';
import { ActionIcon, Avatar, Badge, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots } from '@tabler/icons-react';
import { useChangeMemberRole, useRemoveMember, useTransferOwnership } from '../api/manage-members.ts';
import { roleLabels, teamNoun } from './team-labels.ts';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Something went wrong.' });

/** What the viewer may do to a member; the server checks the same rules (spec §6, decision 007). */
function allowedActions(viewerRole: TeamRole | null, memberRole: TeamRole) {
  const manages = viewerRole === 'owner' || viewerRole === 'organizer';
  if (!manages || memberRole === 'owner') return null;
  if (memberRole === 'organizer' && viewerRole !== 'owner') return null;
  return { canMakeOrganizer: viewerRole === 'owner', canHandOver: viewerRole === 'owner' };
}

export function TeamRoster({ team, viewerId }: { team: TeamDetail; viewerId: string | undefined }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const handOver = useTransferOwnership();

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Members
      </Title>
      <Stack gap="xs">
        {team.members.map((member) => {
          const actions = member.id === viewerId ? null : allowedActions(team.viewer.role, member.role);
          return (
            <Group key={member.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar src={member.photoURL} alt="" radius="xl" size="sm" />
                <Text truncate>{member.displayName}</Text>
                <Badge size="sm" variant={member.role === 'owner' ? 'filled' : 'light'}>
                  {roleLabels[member.role]}
                </Badge>
              </Group>
              {actions && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Manage ${member.displayName}`}>
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {(['player', 'substitute', ...(actions.canMakeOrganizer ? (['organizer'] as const) : [])] as const)
                      .filter((role) => role !== member.role)
                      .map((role) => (
                        <Menu.Item
                          key={role}
                          onClick={() =>
                            changeRole.mutate({ teamId: team.id, userId: member.id, role }, { onError: failed })
                          }
                        >
                          Make {roleLabels[role].toLowerCase()}
                        </Menu.Item>
                      ))}
                    {actions.canHandOver && (
                      <Menu.Item
                        onClick={() => {
                          if (window.confirm(`Hand ${team.name} to ${member.displayName}? You stay as an organizer.`)) {
                            handOver.mutate({ teamId: team.id, userId: member.id }, { onError: failed });
                          }
                        }}
                      >
                        Hand the {teamNoun(team.kind)} over
                      </Menu.Item>
                    )}
                    <Menu.Item
                      color="red"
                      onClick={() => {
                        if (window.confirm(`Remove ${member.displayName} from ${team.name}?`)) {
                          remove.mutate({ teamId: team.id, userId: member.id }, { onError: failed });
                        }
                      }}
                    >
                      Remove from {teamNoun(team.kind)}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
