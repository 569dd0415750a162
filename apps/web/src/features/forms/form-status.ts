import type { FormStatus } from '@huddle/shared/forms';

export const formStatusNames: Record<FormStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  closed: 'Closed',
};
