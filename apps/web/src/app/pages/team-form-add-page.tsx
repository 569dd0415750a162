import { Alert, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTeamFormAdd } from '../../features/forms/api/team-form-add.ts';
import { TeamFormAddView } from '../../features/forms/components/team-form-add-view.tsx';

/** form/{formId}/team-form-add/{userId} (spec §2, guarded): add a filler of a team's form to the team. */
export function Component() {
  const { formId = '', userId = '' } = useParams();
  const view = useTeamFormAdd(formId, userId);
  if (view.error && !view.data) {
    return (
      <Alert color="red" role="alert">
        {view.error.message}
      </Alert>
    );
  }
  if (!view.data)
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  return <TeamFormAddView formId={formId} view={view.data} />;
}
