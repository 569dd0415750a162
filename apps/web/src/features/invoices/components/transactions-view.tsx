import { transactionFilter } from '@huddle/contracts/invoices';
import {
  settledStatuses,
  transactionMoneyColumns,
  type Transaction,
  type TransactionFilter,
  type TransactionTotals,
} from '@huddle/shared/invoices';
import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { transactionsCsvUrl, useTransactions } from '../api/list-transactions.ts';
import { formatCents, formatPaidDay, statusLabel } from '../invoice-format.ts';
import { PaymentStatusBadge } from './status-badge.tsx';
import classes from './transactions-view.module.css';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

const filterNames = ['from', 'to', 'status'] as const;
type Draft = Record<(typeof filterNames)[number], string>;

/** The filter lives in the address, so a reload keeps it; what is typed stays in the fields even while invalid. */
function useTransactionFilter() {
  const [params, setParams] = useSearchParams();
  const fromAddress = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Draft;
  const parsed = transactionFilter.safeParse(
    Object.fromEntries(Object.entries(fromAddress).filter(([, value]) => value !== '')),
  );
  const filter: TransactionFilter = parsed.success ? parsed.data : {};
  const [draft, setDraft] = useState<Draft>(fromAddress);
  const [errors, setErrors] = useState<Partial<Draft>>({});

  const change = (name: keyof Draft, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    const result = transactionFilter.safeParse(
      Object.fromEntries(Object.entries(next).filter(([, entry]) => entry !== '')),
    );
    if (!result.success) {
      setErrors(Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0] ?? name), issue.message])));
      return;
    }
    setErrors({});
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        for (const key of filterNames) {
          if (next[key]) search.set(key, next[key]);
          else search.delete(key);
        }
        return search;
      },
      { replace: true },
    );
  };
  const clear = () => {
    setDraft({ from: '', to: '', status: '' });
    setErrors({});
    setParams(new URLSearchParams(), { replace: true });
  };
  return { filter, draft, errors, change, clear, filtered: Object.keys(filter).length > 0 };
}

function Totals({ totals }: { totals: TransactionTotals }) {
  const items = [
    { label: 'Gross', value: totals.grossCents, id: 'gross' },
    { label: 'Refunds', value: -totals.refundedCents, id: 'refunds' },
    { label: 'Fees', value: -totals.feeCents, id: 'fees' },
    { label: 'Net', value: totals.netCents, id: 'net' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} aria-label="Totals">
      {items.map((item) => (
        <Card key={item.id} withBorder radius="md" padding="sm">
          <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" data-testid={`total-${item.id}`}>
            {item.value < 0 ? `−${formatCents(-item.value)}` : formatCents(item.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function TransactionTable({ rows }: { rows: Transaction[] }) {
  return (
    // Fits a desktop's width (long headers wrap); narrower, it scrolls sideways.
    <ScrollingTable label="Transactions" minWidth={760}>
      <Table striped highlightOnHover aria-label="Transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Payer</Table.Th>
            <Table.Th>Receipt</Table.Th>
            {transactionMoneyColumns.map((column) => (
              <Table.Th key={column.key} className={classes.numeric}>
                {column.label}
              </Table.Th>
            ))}
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="transaction-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPaidDay(row.paidAt)}</Table.Td>
              <Table.Td className={classes.wrap}>{row.description}</Table.Td>
              <Table.Td className={classes.wrap}>{row.payerName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.receiptNumber ?? '—'}</Table.Td>
              {transactionMoneyColumns.map((column) => (
                <Table.Td key={column.key} className={classes.numeric}>
                  {formatCents(row[column.key], row.currency)}
                </Table.Td>
              ))}
              <Table.Td>
                <PaymentStatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollingTable>
  );
}

/** At 375 px a table does not fit: each payment is a card. */
function TransactionCards({ rows }: { rows: Transaction[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transactions">
      {rows.map((row) => (
        <Card component="li" key={row.id} withBorder radius="md" padding="sm" data-testid="transaction-row">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed">
                {formatPaidDay(row.paidAt)} · {row.receiptNumber ?? '—'}
              </Text>
              <PaymentStatusBadge status={row.status} />
            </Group>
            <Text fw={600} className={classes.wrap}>
              {row.description}
            </Text>
            <Text size="sm" className={classes.wrap}>
              {row.payerName}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm">Amount {formatCents(row.amountCents, row.currency)}</Text>
              {row.refundedCents > 0 ? (
                <Text size="sm">Refunded {formatCents(row.refundedCents, row.currency)}</Text>
              ) : null}
              {row.creditAppliedCents > 0 ? (
                <Text size="sm">Credit applied {formatCents(row.creditAppliedCents, row.currency)}</Text>
              ) : null}
              {row.creditedCents > 0 ? (
                <Text size="sm">Credit issued {formatCents(row.creditedCents, row.currency)}</Text>
              ) : null}
              <Text size="sm">Fee {formatCents(row.feeCents, row.currency)}</Text>
              <Text size="sm" fw={700}>
                Net {formatCents(row.netCents, row.currency)}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Spec §2 transactions: what the organizer was paid, with a filter (paid between two days, a
 * status), the totals of the whole filter, pages, and the same filter as a CSV download.
 */
export function TransactionsView() {
  const { filter, draft, errors, change, clear, filtered } = useTransactionFilter();
  const transactions = useTransactions(filter);
  const wide = useMediaQuery(`(min-width: ${em(768)})`, true, { getInitialValueInEffect: false });
  const pages = transactions.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.transactions);
  const totals = pages[0]?.totals;

  return (
    <Stack gap="lg">
      <Group
        gap="md"
        align="flex-start"
        wrap="wrap"
        component="form"
        aria-label="Filter transactions"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextInput
          type="date"
          label="From"
          value={draft.from}
          onChange={(event) => change('from', event.currentTarget.value)}
          error={errors.from}
          w={170}
        />
        <TextInput
          type="date"
          label="To"
          value={draft.to}
          onChange={(event) => change('to', event.currentTarget.value)}
          error={errors.to}
          w={170}
        />
        <NativeSelect
          label="Status"
          data={[
            { value: '', label: 'All' },
            ...settledStatuses.map((status) => ({ value: status, label: statusLabel(status) })),
          ]}
          value={draft.status}
          onChange={(event) => change('status', event.currentTarget.value)}
          error={errors.status}
          w={190}
        />
        <Group gap="sm" mt={{ base: 0, xs: 25 }}>
          {filtered ? (
            <Button variant="subtle" onClick={clear}>
              Clear filters
            </Button>
          ) : null}
          <Button
            component="a"
            href={transactionsCsvUrl(filter)}
            download="huddle-transactions.csv"
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {transactions.isPending ? <Text c="dimmed">Loading your transactions…</Text> : null}
      {transactions.isError ? (
        <Alert color="red" title="Your transactions could not be loaded">
          <Group gap="sm">
            <Text size="sm">{transactions.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void transactions.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {totals ? <Totals totals={totals} /> : null}
      {transactions.isSuccess && rows.length === 0 ? (
        filtered ? (
          <Text>No payments match these filters. Change the dates or the status, or clear the filters.</Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text>
              No payments yet. When players pay for your games and seasons, each payment shows here with its refunds and
              Huddle’s fee.
            </Text>
            <Button variant="light" component={Link} to="/events/new">
              Create a game
            </Button>
          </Stack>
        )
      ) : null}
      {rows.length > 0 ? wide ? <TransactionTable rows={rows} /> : <TransactionCards rows={rows} /> : null}
      {transactions.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void transactions.fetchNextPage()}
          loading={transactions.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show more transactions
        </Button>
      ) : null}
    </Stack>
  );
}
