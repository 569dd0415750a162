import { invoiceEndpoints, type ListInvoicesQuery } from '@huddle/shared/invoices';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

export type InvoiceFilter = Pick<ListInvoicesQuery, 'kind' | 'year'>;

/** What I paid, newest first, a page at a time (spec §7 invoices by user). */
export function useInvoices(filter: InvoiceFilter) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ pageParam }) =>
      apiRequest(invoiceEndpoints.listMyInvoices, { query: { ...filter, ...(pageParam && { cursor: pageParam }) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
