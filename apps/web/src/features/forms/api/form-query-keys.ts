/** One place for the forms feature's query keys, so a change invalidates every view of it. */
export const formKeys = {
  all: ['forms'] as const,
  mine: ['forms', 'mine'] as const,
  draft: (formId: string) => ['forms', 'draft', formId] as const,
  blank: (teamId: string | null) => ['forms', 'blank', teamId] as const,
  public: (formId: string) => ['forms', 'public', formId] as const,
  submissions: (formId: string) => ['forms', 'submissions', formId] as const,
  submissionList: (formId: string, query: object) => ['forms', 'submissions', formId, 'list', query] as const,
  submission: (formId: string, submissionId: string) => ['forms', 'submissions', formId, 'one', submissionId] as const,
  payment: (formId: string, submissionId: string) => ['forms', 'payment', formId, submissionId] as const,
};
