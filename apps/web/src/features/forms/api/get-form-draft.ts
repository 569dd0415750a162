import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function getFormDraft(formId: string) {
  return apiRequest(formEndpoints.getDraft, { params: { formId } });
}

/** The builder's starting point. Read once: the builder owns the draft after that (autosave). */
export function useFormDraft(formId: string) {
  return useQuery({
    queryKey: formKeys.draft(formId),
    queryFn: () => getFormDraft(formId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
