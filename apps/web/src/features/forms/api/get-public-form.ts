import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function getPublicForm(formId: string) {
  return apiRequest(formEndpoints.getPublic, { params: { formId } });
}

/** The filler's form (spec §6: public). Not refetched on focus: the answers live beside it. */
export function usePublicForm(formId: string) {
  return useQuery({
    queryKey: formKeys.public(formId),
    queryFn: () => getPublicForm(formId),
    refetchOnWindowFocus: false,
  });
}
