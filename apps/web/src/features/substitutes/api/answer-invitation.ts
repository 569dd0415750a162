import { substituteEndpoints } from '@huddle/shared/substitutes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { substituteKeys } from './substitute-query-keys.ts';

interface AnswerInput {
  eventId: string;
  occurrenceStartsAt: string;
}

export function acceptInvitation({ eventId, occurrenceStartsAt }: AnswerInput) {
  return apiRequest(substituteEndpoints.acceptInvitation, { params: { eventId }, body: { occurrenceStartsAt } });
}

export function declineInvitation({ eventId, occurrenceStartsAt }: AnswerInput) {
  return apiRequest(substituteEndpoints.declineInvitation, { params: { eventId }, body: { occurrenceStartsAt } });
}

/**
 * Join the date one was invited to, or say no; either way the invitation is read again. The
 * reply is the party a join made (a spot or a waitlist place), or null for a no.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AnswerInput & { answer: 'accept' | 'decline' }) =>
      input.answer === 'accept' ? (await acceptInvitation(input)).party : (await declineInvitation(input), null),
    onSettled: (_reply, _error, { eventId, occurrenceStartsAt }) =>
      queryClient.invalidateQueries({ queryKey: substituteKeys.mine(eventId, occurrenceStartsAt) }),
  });
}
