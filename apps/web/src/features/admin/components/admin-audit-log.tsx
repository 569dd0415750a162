import { Loader, Stack, Table, Text } from '@mantine/core';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const asText = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** Issue 17: every admin action, newest first: who, what, target, when, before and after. */
export function AdminAuditLog() {
  const log = useAuditLog();
  if (log.isPending) return <Loader aria-label="Loading the audit log" />;
  if (log.error) return <FormLevelError error={log.error} />;
  if (log.data.length === 0) return <Text c="dimmed">No admin action yet.</Text>;
  return (
    <Stack gap="sm">
      <ScrollingTable label="Audit log" minWidth={720}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{dateTime.format(new Date(entry.createdAt))}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {entry.actorEmail ?? 'Server (ADMIN_EMAILS or admin:create)'}
                </Table.Td>
                <Table.Td>{entry.action}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {entry.targetType} {entry.targetId}
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="xs" style={{ wordBreak: 'break-word' }}>
                    {asText(entry.before)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="xs" style={{ wordBreak: 'break-word' }}>
                    {asText(entry.after)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
    </Stack>
  );
}
