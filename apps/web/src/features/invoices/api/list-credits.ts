import { invoiceEndpoints } from '@huddle/shared/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

/** My credit with each organizer (decision 035). */
export function useCredits() {
  return useQuery({ queryKey: invoiceKeys.credits, queryFn: () => apiRequest(invoiceEndpoints.listMyCredits) });
}
