import { findATimeEndpoints, type FindATimeBody } from '@huddle/shared/find-a-time';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function findATime({ teamId, body }: { teamId: string; body: FindATimeBody }) {
  return apiRequest(findATimeEndpoints.findATime, { params: { teamId }, body });
}

/**
 * A search is a POST (it may nudge members without availability) and its answer belongs to the
 * form that asked: a mutation, not a cached query.
 */
export function useFindATime() {
  return useMutation({ mutationFn: findATime });
}
