import type { TeamDetail, TeamRole } from '@huddle/shared/teams';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { roleLabels } from './team-labels.ts';

// An organizer's member menu (Menu, Popover, floating-ui) is not a visitor's download (decision 082's addendum).
const MemberActionsMenu = lazy(() =>
  import('./member-actions-menu.tsx').then((module) => ({ default: module.MemberActionsMenu })),
);

/** What the viewer may do to a member; the server checks the same rules (spec §6, decision 007). */
function allowedActions(viewerRole: TeamRole | null, memberRole: TeamRole) {
  const manages = viewerRole === 'owner' || viewerRole === 'organizer';
  if (!manages || memberRole === 'owner') return null;
  if (memberRole === 'organizer' && viewerRole !== 'owner') return null;
  return { canMakeOrganizer: viewerRole === 'owner', canHandOver: viewerRole === 'owner' };
}

export function TeamRoster({ team, viewerId }: { team: TeamDetail; viewerId: string | undefined }) {
  // The menus render once hydrated: the server's markup and the hydrating tree leave them out alike,
  // so their lazy code never suspends hydration.
  const hydrated = useHydrated();

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Members
      </Title>
      <Stack gap="xs">
        {team.members.map((member) => {
          const actions = !hydrated || member.id === viewerId ? null : allowedActions(team.viewer.role, member.role);
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
                <Suspense fallback={null}>
                  <MemberActionsMenu team={team} member={member} actions={actions} />
                </Suspense>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
