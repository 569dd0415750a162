import type { submissionSorts, SubmissionStatus } from '@huddle/shared/forms';

/** The submissions page's filters: the same ones go to the list and to the CSV download. */
export type SubmissionFilters = {
  search: string;
  fieldId?: string;
  equals?: string;
  status?: SubmissionStatus;
  marked?: 'true' | 'false';
  sort: (typeof submissionSorts)[number];
};

/** The filters as a query string, leaving out what is not set. */
export function filtersQuery(filters: SubmissionFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}
