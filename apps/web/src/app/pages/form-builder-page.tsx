import type { FormDraft } from '@huddle/shared/forms';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBlankForm } from '../../features/forms/api/get-blank-form.ts';
import { useFormDraft } from '../../features/forms/api/get-form-draft.ts';
import type { BuilderDraft } from '../../features/forms/builder-state.ts';
import { FormBuilder, type FormBuilderProps } from '../../features/forms/components/form-builder.tsx';
import { formBuildPath } from '../../features/forms/form-paths.ts';
import { useTeamSeasons } from '../../features/teams/api/list-seasons.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { usePageName } from '../use-page-name.ts';

/** A team form's builder gets the team's seasons to link a submission to (spec §7). */
function TeamFormBuilder({ teamId, ...props }: Omit<FormBuilderProps, 'seasons'> & { teamId: string }) {
  const seasons = useTeamSeasons(teamId);
  return <FormBuilder {...props} seasons={(seasons.data?.seasons ?? []).map(({ id, label }) => ({ id, label }))} />;
}

function Builder(props: Omit<FormBuilderProps, 'seasons'>) {
  const teamId = props.draft.team?.id;
  return teamId ? <TeamFormBuilder {...props} teamId={teamId} /> : <FormBuilder {...props} seasons={[]} />;
}

function LoadFailed({ message }: { message: string }) {
  return (
    <Stack maw={720}>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to="/form">
        Back to your forms
      </Anchor>
    </Stack>
  );
}

function Loading() {
  return (
    <Text c="dimmed" role="status">
      Loading the form…
    </Text>
  );
}

/**
 * form/build (?teamId=): a new form's builder. Nothing is stored until the first edit, which
 * creates the form under an id chosen here (decision 063); the builder stays as it is while the
 * address becomes the form's own.
 */
function NewFormBuilder({ onCreated }: { onCreated: (formId: string) => void }) {
  const [params] = useSearchParams();
  const [start] = useState(() => ({ formId: randomUuid(), teamId: params.get('teamId') }));
  const blank = useBlankForm(start.teamId);
  usePageName('New form');
  if (blank.isError) return <LoadFailed message={blank.error.message} />;
  if (!blank.data) return <Loading />;
  // Version 0: no save has been made; the builder reads its starting state from this once.
  const draft: BuilderDraft = { ...blank.data, id: start.formId, version: 0 };
  return <Builder draft={draft} onCreated={(created: FormDraft) => onCreated(created.id)} />;
}

/** form/build/{id}: a stored form's builder, for its owner or its team's organizers. */
function StoredFormBuilder({ formId }: { formId: string }) {
  const draft = useFormDraft(formId);
  usePageName(draft.data ? `Edit ${draft.data.title}` : undefined);
  if (draft.isError) return <LoadFailed message={draft.error.message} />;
  if (!draft.data) return <Loading />;
  // Keyed by id: opening another form starts a new builder, not this one's state.
  return <Builder key={draft.data.id} draft={draft.data} />;
}

/** form/build and form/build/{id} (signed in), one route, so a new form's builder outlives its change of address. */
export function Component() {
  const { formId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The form a new builder on this page created, and the visit it was opened on: at the form's
  // own address the same builder (same key) goes on, keeping everything typed since.
  const [created, setCreated] = useState<{ visit: string; formId: string } | null>(null);
  const visit = formId === undefined ? location.key : created?.formId === formId ? created.visit : null;
  if (visit === null) return <StoredFormBuilder formId={formId ?? ''} />;
  return (
    <NewFormBuilder
      key={visit}
      onCreated={(id) => {
        setCreated({ visit, formId: id });
        void navigate(formBuildPath(id), { replace: true });
      }}
    />
  );
}
