import { Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSaveTeamTopic, useTeamTopics } from '../api/team-topics.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

/** Spec §3: per-team topic settings, one row for each team the user belongs to; saved on change. */
export function TeamTopicsSettings() {
  const topics = useTeamTopics();
  const save = useSaveTeamTopic();
  const rows = topics.data?.topics ?? [];
  if (rows.length === 0) return null;
  const toggle = (teamId: string, email: boolean, push: boolean) =>
    save.mutate(
      { teamId, email, push },
      { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
    );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Your teams
      </Title>
      <Text size="sm" c="dimmed">
        Messages and announcements from each team. Changes are saved at once.
      </Text>
      <ScrollingTable label="Team topics" minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Team</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Push</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((topic) => (
              <Table.Tr key={topic.teamId}>
                <Table.Td>{topic.teamName}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Email: ${topic.teamName}`}
                    checked={topic.email}
                    onChange={(event) => toggle(topic.teamId, event.currentTarget.checked, topic.push)}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Push: ${topic.teamName}`}
                    checked={topic.push}
                    onChange={(event) => toggle(topic.teamId, topic.email, event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
    </Stack>
  );
}
