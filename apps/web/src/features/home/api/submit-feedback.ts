import { profileEndpoints, type feedbackBody } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type FeedbackBody = z.infer<typeof feedbackBody>;

/** The reply is the signed-in user, now with feedbackSubmitted. */
export function submitFeedback(body: FeedbackBody) {
  return apiRequest(profileEndpoints.submitFeedback, { body });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
