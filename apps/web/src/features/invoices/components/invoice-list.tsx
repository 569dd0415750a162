import { paymentKinds, type PaymentKind } from '@huddle/shared/payments';
import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useInvoices, type InvoiceFilter } from '../api/list-invoices.ts';
import { creditNote, formatCents, formatPaidDay, invoiceYears } from '../invoice-format.ts';
import { CreditBalances } from './credit-balances.tsx';
import { PaymentStatusBadge } from './status-badge.tsx';

const kindChoices = [
  { value: '', label: 'Everything' },
  { value: 'event', label: 'Games' },
  { value: 'season', label: 'Seasons' },
  { value: 'subscription', label: 'Plans' },
];

/** The filter lives in the address (?kind=&year=), so a reload or a shared link keeps it. */
function useInvoiceFilter(): [InvoiceFilter, (name: 'kind' | 'year', value: string) => void] {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const year = Number(params.get('year'));
  const filter: InvoiceFilter = {
    ...((paymentKinds as readonly string[]).includes(kind ?? '') && { kind: kind as PaymentKind }),
    ...(Number.isInteger(year) && year >= 2000 && year <= 2100 && { year }),
  };
  const set = (name: 'kind' | 'year', value: string) => {
    // From the address, not from `params` or React Router's updater: both hold the params of the
    // last render, so a second filter changed before it (a quick person, a busy phone) would put
    // the first one back (its docs: setSearchParams does not queue). The address already has it.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return [filter, set];
}

/** Spec §2 invoices: what I paid, with date, description, amount, status and receipt number. */
export function InvoiceList() {
  const [filter, setFilter] = useInvoiceFilter();
  const invoices = useInvoices(filter);
  const rows = invoices.data?.pages.flatMap((page) => page.invoices) ?? [];
  const filtered = filter.kind !== undefined || filter.year !== undefined;

  return (
    <Stack gap="lg">
      <CreditBalances />
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Kind"
          data={kindChoices}
          value={filter.kind ?? ''}
          onChange={(event) => setFilter('kind', event.currentTarget.value)}
          w={180}
        />
        <NativeSelect
          label="Year"
          data={[{ value: '', label: 'All years' }, ...invoiceYears().map((year) => String(year))]}
          value={filter.year ? String(filter.year) : ''}
          onChange={(event) => setFilter('year', event.currentTarget.value)}
          w={140}
        />
      </Group>
      {invoices.isPending ? <Text c="dimmed">Loading your invoices…</Text> : null}
      {invoices.isError ? (
        <Alert color="red" title="Your invoices could not be loaded">
          <Group gap="sm">
            <Text size="sm">{invoices.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void invoices.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {invoices.isSuccess && rows.length === 0 ? (
        filtered ? (
          <Stack gap="xs" align="flex-start">
            <Text>No invoices match these filters.</Text>
            <Button variant="light" component={Link} to="/invoices" replace>
              Show all invoices
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text>No invoices yet. When you pay for a game, a season or a plan, its receipt appears here.</Text>
            <Group gap="sm">
              <Button variant="light" component={Link} to="/discover">
                Find a game
              </Button>
              <Button variant="subtle" component={Link} to="/community/pricing?for=me">
                See the plans
              </Button>
            </Group>
          </Stack>
        )
      ) : null}
      {rows.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your invoices">
          {rows.map((invoice) => (
            <Card component="li" key={invoice.id} withBorder radius="md" padding="md" data-testid="invoice-row">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Text size="sm" c="dimmed">
                    {formatPaidDay(invoice.paidAt)} · Receipt {invoice.receiptNumber ?? '—'}
                  </Text>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {invoice.description}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Paid to {invoice.payeeName}
                  </Text>
                  {creditNote(invoice) && (
                    <Text size="sm" c="dimmed">
                      {creditNote(invoice)}
                    </Text>
                  )}
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={700}>{formatCents(invoice.amountCents, invoice.currency)}</Text>
                  <PaymentStatusBadge status={invoice.status} />
                  <Anchor component={Link} to={`/invoices/${invoice.id}`} size="sm">
                    View receipt
                    <VisuallyHidden> {invoice.receiptNumber ?? invoice.description}</VisuallyHidden>
                  </Anchor>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}
      {invoices.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void invoices.fetchNextPage()}
          loading={invoices.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show more invoices
        </Button>
      ) : null}
    </Stack>
  );
}
