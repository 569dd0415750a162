import type { Season } from '@huddle/shared/seasons';
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  useCreateGroup,
  useRemoveRegistration,
  useSeasonRegistrations,
  useUpdateRegistration,
} from '../api/seasons.ts';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** Organizers: approve registrations, move them between groups, remove them, export CSV. */
export function RegistrationsManager({ teamId, season }: { teamId: string; season: Season }) {
  const registrations = useSeasonRegistrations(season.id, true);
  const update = useUpdateRegistration();
  const remove = useRemoveRegistration();
  const createGroup = useCreateGroup();
  const [groupName, setGroupName] = useState('');
  const rows = registrations.data?.registrations ?? [];
  const groupOptions = season.groups.map((group) => ({ value: group.id, label: group.name }));

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          label="New group"
          placeholder="Division A"
          value={groupName}
          onChange={(event) => setGroupName(event.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={!groupName.trim()}
          loading={createGroup.isPending}
          onClick={() =>
            createGroup.mutate(
              { teamId, seasonId: season.id, name: groupName.trim() },
              { onSuccess: () => setGroupName(''), onError: failed },
            )
          }
        >
          Add group
        </Button>
        <Anchor href={`/api/seasons/${season.id}/registrations.csv`} download ml="auto">
          Download CSV
        </Anchor>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No registrations yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Group</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((registration) => (
                <Table.Tr key={registration.id}>
                  <Table.Td>
                    <Text size="sm">{registration.name}</Text>
                    <Text size="xs" c="dimmed">
                      {registration.email}
                      {registration.userId ? '' : ' · guest'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {registration.status === 'approved' ? (
                      <Text size="sm">Approved</Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() =>
                          update.mutate(
                            { seasonId: season.id, registrationId: registration.id, changes: { status: 'approved' } },
                            { onError: failed },
                          )
                        }
                      >
                        Approve {registration.name}
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Group of ${registration.name}`}
                      data={groupOptions}
                      value={registration.groupId}
                      placeholder={groupOptions.length ? 'No group' : 'Add a group first'}
                      clearable
                      disabled={groupOptions.length === 0}
                      onChange={(groupId) =>
                        update.mutate(
                          { seasonId: season.id, registrationId: registration.id, changes: { groupId } },
                          { onError: failed },
                        )
                      }
                      size="xs"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        if (window.confirm(`Remove ${registration.name} from ${season.label}?`)) {
                          remove.mutate(
                            { teamId, seasonId: season.id, registrationId: registration.id },
                            { onError: failed },
                          );
                        }
                      }}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
