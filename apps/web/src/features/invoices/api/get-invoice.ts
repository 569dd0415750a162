import { invoiceEndpoints } from '@huddle/shared/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

/** One of my invoices, for its receipt. */
export function useInvoice(invoiceId: string) {
  return useQuery({
    queryKey: invoiceKeys.one(invoiceId),
    queryFn: async () => (await apiRequest(invoiceEndpoints.getInvoice, { params: { invoiceId } })).invoice,
  });
}
