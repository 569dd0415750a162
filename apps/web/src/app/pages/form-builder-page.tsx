import type { FormDraft } from '@huddle/shared/forms';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useFormDraft } from '../../features/forms/api/get-form-draft.ts';
import { FormBuilder } from '../../features/forms/components/form-builder.tsx';
import { useTeamSeasons } from '../../features/teams/api/list-seasons.ts';
import { usePageName } from '../use-page-name.ts';

/** A team form's builder gets the team's seasons to link a submission to (spec §7). */
function TeamFormBuilder({ draft, teamId }: { draft: FormDraft; teamId: string }) {
  const seasons = useTeamSeasons(teamId);
  return <FormBuilder draft={draft} seasons={(seasons.data?.seasons ?? []).map(({ id, label }) => ({ id, label }))} />;
}

/** form/build/{id} (signed in): the builder, for the form's owner or its team's organizers. */
export function Component() {
  const { formId = '' } = useParams();
  const draft = useFormDraft(formId);
  usePageName(draft.data ? `Edit ${draft.data.title}` : undefined);

  if (draft.isError) {
    return (
      <Stack maw={720}>
        <Alert color="red" role="alert">
          {draft.error.message}
        </Alert>
        <Anchor component={Link} to="/form">
          Back to your forms
        </Anchor>
      </Stack>
    );
  }
  if (!draft.data)
    return (
      <Text c="dimmed" role="status">
        Loading the form…
      </Text>
    );
  // Keyed by id: opening another form starts a new builder, not this one's state.
  return draft.data.team ? (
    <TeamFormBuilder key={draft.data.id} draft={draft.data} teamId={draft.data.team.id} />
  ) : (
    <FormBuilder key={draft.data.id} draft={draft.data} seasons={[]} />
  );
}
