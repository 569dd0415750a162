import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useInvoice } from '../../features/invoices/api/get-invoice.ts';
import { InvoiceReceipt } from '../../features/invoices/components/invoice-receipt.tsx';

/** invoices/{id}: one receipt, printable (spec §2 invoices); only its payer reads it. */
export function Component() {
  const { invoiceId = '' } = useParams();
  const invoice = useInvoice(invoiceId);
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Invoice</Title>
      {invoice.isPending ? <Text c="dimmed">Loading the receipt…</Text> : null}
      {invoice.isError ? (
        <Stack gap="xs" align="flex-start">
          <Text role="alert">
            {invoice.error instanceof ApiError &&
            (invoice.error.code === 'NOT_FOUND' || invoice.error.code === 'VALIDATION_FAILED')
              ? 'This invoice was not found among yours.'
              : invoice.error.message}
          </Text>
          <Button variant="light" component={Link} to="/invoices">
            Back to invoices
          </Button>
        </Stack>
      ) : null}
      {invoice.data ? <InvoiceReceipt invoice={invoice.data} /> : null}
    </Stack>
  );
}
