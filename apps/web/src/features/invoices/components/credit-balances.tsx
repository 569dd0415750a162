import type { Credit } from '@huddle/shared/invoices';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useCredits } from '../api/list-credits.ts';
import { formatCents } from '../invoice-format.ts';

/** What a credit balance says: whose it is and where it is spent. */
export const creditLine = (credit: Credit) =>
  `${formatCents(credit.balanceCents, 'usd')} with ${credit.payeeName}, spent first on your next game or season with them.`;

/**
 * Credit from leaving an organizer's game after its refund deadline (decision 035); shown only
 * when there is some, above the invoices.
 */
export function CreditBalances() {
  const credits = useCredits();
  const rows = credits.data?.credits ?? [];
  if (rows.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Your credit
        </Title>
        {rows.map((credit) => (
          <Text key={credit.payeeUserId} size="sm" data-testid="credit-balance">
            {creditLine(credit)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
