import { formatUsd, type GamePayment } from '@huddle/shared/paid-games';
import { refundBody } from '@huddle/contracts/paid-games';
import { Badge, Button, Card, Group, Modal, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useEventPayments, useRefundPayment } from '../api/event-payments.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

const statusLabels: Record<GamePayment['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  expired: 'Expired',
};

/** The organizer refunds one payment, in full or in part (decision 033); never past what is left. */
function RefundDialog({
  payment,
  eventId,
  occurrence,
  onClose,
}: {
  payment: GamePayment;
  eventId: string;
  occurrence: string;
  onClose: () => void;
}) {
  const left = payment.amountCents - payment.refundedCents;
  const [dollars, setDollars] = useState<number | string>(left / 100);
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundPayment(eventId, occurrence);
  const submit = () => {
    const amountCents = Math.round(Number(dollars) * 100);
    const parsed = refundBody.safeParse({ amountCents });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter an amount.');
    if (amountCents > left) return setError(`At most ${formatUsd(left)} is left to refund.`);
    setError(null);
    refund.mutate(
      { paymentId: payment.id, body: { amountCents } },
      {
        onSuccess: () => {
          notifications.show({ message: `Refunded ${formatUsd(amountCents)} to ${payment.payerName}.` });
          onClose();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError ? (failure.fieldMessages.amountCents ?? failure.message) : failure.message,
          ),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Refund ${payment.payerName}`}>
      <Stack>
        <Text size="sm">
          Paid {formatUsd(payment.amountCents)}
          {payment.refundedCents > 0 ? `, ${formatUsd(payment.refundedCents)} refunded already` : ''}. The refund goes
          back to their card through Stripe.
        </Text>
        <NumberInput
          label="Amount to refund (USD)"
          prefix="$"
          min={0.01}
          max={left / 100}
          decimalScale={2}
          value={dollars}
          onChange={setDollars}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" loading={refund.isPending} onClick={submit}>
            Refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A paid game's payments for the date shown on the manage page, each refundable by the organizer. */
export function EventPaymentsCard({ eventId, occurrence }: { eventId: string; occurrence: string }) {
  const payments = useEventPayments(eventId, occurrence);
  const [refunding, setRefunding] = useState<GamePayment | null>(null);
  const rows = payments.data?.payments ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payments
        </Title>
        {payments.isPending && <Text c="dimmed">Loading…</Text>}
        {payments.isError && <ErrorText>{payments.error.message}</ErrorText>}
        {payments.isSuccess && rows.length === 0 && <Text c="dimmed">Nobody has paid for this date yet.</Text>}
        {rows.length > 0 && (
          <ScrollingTable label="Payments" minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Player</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{payment.payerName}</Table.Td>
                    <Table.Td>{payment.receiptNumber}</Table.Td>
                    <Table.Td>
                      {formatUsd(payment.amountCents)}
                      {payment.refundedCents > 0 ? ` (${formatUsd(payment.refundedCents)} refunded)` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={payment.status === 'paid' ? 'green.9' : 'gray'}>
                        {statusLabels[payment.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {payment.refundedCents < payment.amountCents && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setRefunding(payment)}
                          aria-label={`Refund ${payment.payerName}`}
                        >
                          Refund
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollingTable>
        )}
      </Stack>
      {refunding && (
        <RefundDialog
          payment={refunding}
          eventId={eventId}
          occurrence={occurrence}
          onClose={() => setRefunding(null)}
        />
      )}
    </Card>
  );
}
