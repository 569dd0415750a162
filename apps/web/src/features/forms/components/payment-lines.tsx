import { submissionPaymentStateLabels, type SubmissionPayment } from '@huddle/shared/forms';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatCents } from '../../../lib/format-cents.ts';
import { paymentStateColors } from '../form-status.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

/** What a submission costs, line by line, and where its payments stand (decision 036). */
export function PaymentLines({ payment }: { payment: SubmissionPayment }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>Payment</Text>
        <Badge color={paymentStateColors[payment.state]} variant="filled">
          {submissionPaymentStateLabels[payment.state]}
        </Badge>
      </Group>
      <ScrollingTable label="Payment lines" minWidth={260}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payment.lines.map((line) => (
              <Table.Tr key={line.fieldId ?? line.label}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatCents(line.quantity * line.unitCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
      <Text>
        Total {formatCents(payment.totalCents)} · Paid {formatCents(payment.paidCents)}
        {payment.refundedCents > 0 ? ` · Refunded ${formatCents(payment.refundedCents)}` : ''} · Balance{' '}
        {formatCents(payment.balanceCents)}
      </Text>
    </Stack>
  );
}
