import type { SettledStatus } from '@huddle/shared/invoices';
import { Badge } from '@mantine/core';
import { statusColor, statusLabel } from '../invoice-format.ts';

export function PaymentStatusBadge({ status }: { status: SettledStatus }) {
  return (
    <Badge color={statusColor[status]} radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
