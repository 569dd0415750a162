import { messageEndpoints } from '@huddle/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { messageKeys } from './message-query-keys.ts';

export function useConversations() {
  return useQuery({
    queryKey: messageKeys.conversations,
    queryFn: () => apiRequest(messageEndpoints.listConversations),
  });
}
