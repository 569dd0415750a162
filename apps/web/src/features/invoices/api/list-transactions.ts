import { invoiceEndpoints, transactionsCsvPath, type TransactionFilter } from '@huddle/shared/invoices';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

/** What I was paid as an organizer, a page at a time, with totals over the whole filter. */
export function useTransactions(filter: TransactionFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.transactions(filter),
    queryFn: ({ pageParam }) =>
      apiRequest(invoiceEndpoints.listMyTransactions, {
        query: { ...filter, ...(pageParam && { cursor: pageParam }) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV of the same filter: a plain link, so the browser downloads it with the session cookie. */
export function transactionsCsvUrl(filter: TransactionFilter): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
  const search = query.toString();
  return search ? `${transactionsCsvPath}?${search}` : transactionsCsvPath;
}
