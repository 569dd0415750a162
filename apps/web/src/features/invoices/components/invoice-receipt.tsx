import type { Invoice } from '@huddle/shared/invoices';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HuddleLogo } from '../../../components/ui/huddle-logo.tsx';
import { formatCents, formatPaidDay, statusLabel } from '../invoice-format.ts';
import classes from './invoice-receipt.module.css';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * Spec §2 invoices, one receipt: Huddle, the payer, who was paid (the organizer and the team, or
 * Huddle for a plan), the line, the amount, refunds and the date. Printing shows it alone.
 */
export function InvoiceReceipt({ invoice }: { invoice: Invoice }) {
  const refunded = invoice.refundedCents > 0;
  const paidTo =
    invoice.teamName && invoice.teamName !== invoice.payeeName
      ? `${invoice.payeeName} · ${invoice.teamName}`
      : invoice.payeeName;
  return (
    <Stack gap="md">
      <Group gap="sm" className={classes.noPrint}>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print receipt
        </Button>
        <Button variant="default" component={Link} to="/invoices">
          Back to invoices
        </Button>
        {invoice.receiptUrl ? (
          <Anchor href={invoice.receiptUrl} target="_blank" rel="noreferrer" size="sm">
            Stripe’s copy of this invoice
          </Anchor>
        ) : null}
      </Group>
      <Card
        withBorder
        radius="md"
        padding="xl"
        className={classes.receipt}
        component="article"
        aria-labelledby="receipt-heading"
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <HuddleLogo size={32} />
            <Stack gap={2} align="flex-end">
              <Title order={2} size="h3" id="receipt-heading">
                Receipt {invoice.receiptNumber ?? ''}
              </Title>
              <Text size="sm" c="dimmed">
                Paid {formatPaidDay(invoice.paidAt)}
              </Text>
            </Stack>
          </Group>
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <Stack gap={2} miw={180}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                Billed to
              </Text>
              <Text>{invoice.payerName}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {invoice.payerEmail}
              </Text>
            </Stack>
            <Stack gap={2} miw={180}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                Paid to
              </Text>
              <Text data-testid="receipt-payee">{paidTo}</Text>
            </Stack>
          </Group>
          <Stack gap="xs" className={classes.line}>
            <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="receipt-line">
                {invoice.description}
                {invoice.quantity > 1 ? ` × ${invoice.quantity}` : ''}
              </Text>
              <Text fw={600}>{formatCents(invoice.amountCents, invoice.currency)}</Text>
            </Group>
          </Stack>
          <Stack gap={6}>
            <Row label="Amount" value={formatCents(invoice.amountCents, invoice.currency)} />
            {refunded ? (
              <Row
                label={`Refunded${invoice.refundedAt ? ` ${formatPaidDay(invoice.refundedAt)}` : ''}`}
                value={`−${formatCents(invoice.refundedCents, invoice.currency)}`}
              />
            ) : null}
            <Row
              label="Total paid"
              value={formatCents(invoice.amountCents - invoice.refundedCents, invoice.currency)}
              strong
            />
            <Row label="Status" value={statusLabel(invoice.status)} />
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
