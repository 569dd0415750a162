import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

/** What form/build starts from: an untitled form, stored nowhere (decision 063). */
export function getBlankForm(teamId: string | null) {
  return apiRequest(formEndpoints.blank, { query: teamId ? { teamId } : {} });
}

/** Read once: the builder owns the draft after that, and creates it on the first edit. */
export function useBlankForm(teamId: string | null) {
  return useQuery({
    queryKey: formKeys.blank(teamId),
    queryFn: () => getBlankForm(teamId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
