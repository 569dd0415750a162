import type { PaymentKind, PaymentStatus } from '@huddle/shared/payments';
import type { Database } from '../db/client.ts';
import { payments } from '../features/payments/payments.schema.ts';
import { nextReceiptNumber } from '../features/payments/payment-receipts.ts';

/** A row of the payments ledger, as the paid-games and plans flows write them (tests set what they need). */
export async function insertPayment(
  db: Database,
  row: {
    payerUserId: string | null;
    payeeUserId?: string | null;
    teamId?: string | null;
    kind?: PaymentKind;
    status?: PaymentStatus;
    description?: string;
    payerName?: string;
    payerEmail?: string;
    amountCents?: number;
    refundedCents?: number;
    creditAppliedCents?: number;
    creditedCents?: number;
    feeCents?: number;
    paidAt?: Date | null;
  },
): Promise<{ id: string; receiptNumber: string | null }> {
  const status = row.status ?? 'paid';
  const settled = status === 'paid' || status === 'partially_refunded' || status === 'refunded';
  const [inserted] = await db
    .insert(payments)
    .values({
      kind: row.kind ?? 'event',
      status,
      receiptNumber: settled ? nextReceiptNumber() : null,
      payerUserId: row.payerUserId,
      payerName: row.payerName ?? 'Pat Payer',
      payerEmail: row.payerEmail ?? 'pat@example.com',
      payeeUserId: row.payeeUserId ?? null,
      teamId: row.teamId ?? null,
      description: row.description ?? 'Sunday pickup · Sat, Nov 28, 10:00 AM',
      amountCents: row.amountCents ?? 1500,
      refundedCents: row.refundedCents ?? 0,
      creditAppliedCents: row.creditAppliedCents ?? 0,
      creditedCents: row.creditedCents ?? 0,
      feeCents: row.feeCents ?? 0,
      paidAt: row.paidAt === undefined ? (settled ? new Date() : null) : row.paidAt,
      refundedAt: (row.refundedCents ?? 0) > 0 ? new Date() : null,
    })
    .returning({ id: payments.id, receiptNumber: payments.receiptNumber });
  return inserted!;
}
