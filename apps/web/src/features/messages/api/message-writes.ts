import { messageEndpoints, type messageImageReply } from '@huddle/shared/messages';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchReply } from '../../../lib/api-client.ts';
import { upsertMessage, type ThreadData } from './list-messages.ts';
import { messageKeys } from './message-query-keys.ts';

export function sendMessage(conversationId: string, body: { clientId: string; text: string; imageUrl: string | null }) {
  return apiRequest(messageEndpoints.sendMessage, { params: { conversationId }, body });
}

/** Multipart, so not through apiRequest; the server checked the reply against its schema, as for every reply. */
export async function uploadMessageImage(conversationId: string, file: File) {
  const form = new FormData();
  form.append('photo', file);
  return (await fetchReply(`/api/conversations/${encodeURIComponent(conversationId)}/images`, {
    method: 'POST',
    body: form,
  })) as z.infer<typeof messageImageReply>;
}

export function useEditMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text: string }) =>
      apiRequest(messageEndpoints.editMessage, { params: { conversationId, messageId }, body: { text } }),
    onSuccess: (message) =>
      queryClient.setQueryData<ThreadData>(messageKeys.thread(conversationId), (data) => upsertMessage(data, message)),
  });
}

export function useDeleteMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      apiRequest(messageEndpoints.deleteMessage, { params: { conversationId, messageId } }),
    onSuccess: (message) =>
      queryClient.setQueryData<ThreadData>(messageKeys.thread(conversationId), (data) => upsertMessage(data, message)),
  });
}

export function markConversationRead(conversationId: string) {
  return apiRequest(messageEndpoints.markRead, { params: { conversationId }, body: {} });
}
