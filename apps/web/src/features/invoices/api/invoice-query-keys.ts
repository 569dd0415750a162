import type { ListInvoicesQuery, TransactionFilter } from '@huddle/shared/invoices';

export const invoiceKeys = {
  all: ['invoices'] as const,
  credits: ['invoices', 'credits'] as const,
  list: (filter: Omit<ListInvoicesQuery, 'cursor' | 'limit'>) => ['invoices', 'list', filter] as const,
  one: (invoiceId: string) => ['invoices', 'one', invoiceId] as const,
  transactions: (filter: TransactionFilter) => ['transactions', filter] as const,
};
