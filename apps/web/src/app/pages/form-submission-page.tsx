import { Alert, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { usePublicForm } from '../../features/forms/api/get-public-form.ts';
import { useSubmission } from '../../features/forms/api/get-submission.ts';
import { SubmissionDetail } from '../../features/forms/components/submission-detail.tsx';

/** form/{id}/{submissionId} (signed in): one submission, its answers labelled by the form's fields. */
export function Component() {
  const { formId = '', submissionId = '' } = useParams();
  const submission = useSubmission(formId, submissionId);
  const form = usePublicForm(formId);
  const failed = submission.error ?? form.error;
  if (failed && !(submission.data && form.data)) {
    return (
      <Alert color="red" role="alert">
        {failed.message}
      </Alert>
    );
  }
  if (!submission.data || !form.data)
    return (
      <Text c="dimmed" role="status">
        Loading the submission…
      </Text>
    );
  return (
    <SubmissionDetail
      key={submission.data.id}
      submission={submission.data}
      fields={form.data.fields}
      formTitle={form.data.title}
      canManage={form.data.canEdit}
      addToTeamPath={
        form.data.canEdit && form.data.team && submission.data.userId
          ? `/form/${formId}/team-form-add/${submission.data.userId}`
          : undefined
      }
    />
  );
}
