import type { TeamDetail } from '@huddle/shared/teams';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots } from '@tabler/icons-react';
import { useChangeMemberRole, useRemoveMember, useTransferOwnership } from '../api/manage-members.ts';
import { roleLabels, teamNoun } from './team-labels.ts';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Something went wrong.' });

/**
 * An organizer's actions on one member (role, hand over, remove): Mantine's Menu with its popover
 * and floating-ui, loaded lazily by the roster for organizers only (decision 082's addendum).
 */
export function MemberActionsMenu({
  team,
  member,
  actions,
}: {
  team: TeamDetail;
  member: TeamDetail['members'][number];
  actions: { canMakeOrganizer: boolean; canHandOver: boolean };
}) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const handOver = useTransferOwnership();
  return (
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
              onClick={() => changeRole.mutate({ teamId: team.id, userId: member.id, role }, { onError: failed })}
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
  );
}
