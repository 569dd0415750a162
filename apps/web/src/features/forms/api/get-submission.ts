import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function getSubmission(formId: string, submissionId: string) {
  return apiRequest(formEndpoints.getSubmission, { params: { formId, submissionId } });
}

export function useSubmission(formId: string, submissionId: string) {
  return useQuery({
    queryKey: formKeys.submission(formId, submissionId),
    queryFn: () => getSubmission(formId, submissionId),
  });
}
