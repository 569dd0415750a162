import { Stack, Text, Title } from '@mantine/core';
import { InvoiceList } from '../../features/invoices/components/invoice-list.tsx';

/** invoices (spec §2, two guards: signed in, and first-time setup done; decision 032): what I paid. */
export function Component() {
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1}>Invoices</Title>
        <Text c="dimmed">What you paid through Huddle for games, seasons and plans, with a receipt for each.</Text>
      </Stack>
      <InvoiceList />
    </Stack>
  );
}
