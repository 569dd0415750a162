import { messageEndpoints } from '@huddle/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetConversation } from './get-conversation.ts';

export type ConversationTarget = { userId: string } | { teamId: string } | { eventId: string };

export function openConversation(target: ConversationTarget) {
  if ('userId' in target) return apiRequest(messageEndpoints.startDirect, { body: { userId: target.userId } });
  if ('teamId' in target) {
    return apiRequest(messageEndpoints.openTeamConversation, { params: { teamId: target.teamId } });
  }
  return apiRequest(messageEndpoints.openEventConversation, { params: { eventId: target.eventId } });
}

/** Opens (starting when needed) a person's, team's or event's conversation. */
export function useOpenConversation() {
  const setConversation = useSetConversation();
  return useMutation({ mutationFn: openConversation, onSuccess: setConversation });
}
