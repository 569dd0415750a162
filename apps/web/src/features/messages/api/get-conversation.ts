import { messageEndpoints, type Conversation } from '@huddle/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { messageKeys } from './message-query-keys.ts';

export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: () => apiRequest(messageEndpoints.getConversation, { params: { conversationId } }),
    retry: false,
  });
}

/** Puts a conversation reply into the cache and refreshes the list it shows in. */
export function useSetConversation() {
  const queryClient = useQueryClient();
  return useCallback(
    (conversation: Conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
    [queryClient],
  );
}

/** Block, mute, announcements-only (spec §7 update conversation). */
export function useUpdateConversation(conversationId: string) {
  const setConversation = useSetConversation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { blocked?: boolean; muted?: boolean; announcementsOnly?: boolean }) =>
      apiRequest(messageEndpoints.updateConversation, { params: { conversationId }, body: changes }),
    onSuccess: (conversation) => {
      setConversation(conversation);
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}
