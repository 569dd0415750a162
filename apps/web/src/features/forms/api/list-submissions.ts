import { formEndpoints } from '@huddle/shared/forms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SubmissionFilters } from '../submission-filters.ts';
import { formKeys } from './form-query-keys.ts';

export function listSubmissions(formId: string, query: SubmissionFilters & { page: number }) {
  return apiRequest(formEndpoints.listSubmissions, { params: { formId }, query });
}

export function useSubmissions(formId: string, query: SubmissionFilters & { page: number }) {
  return useQuery({
    queryKey: formKeys.submissionList(formId, query),
    queryFn: () => listSubmissions(formId, query),
    placeholderData: keepPreviousData,
  });
}
