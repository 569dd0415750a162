import { teamDefaults, teamKinds, teamNameLength } from '@huddle/shared/teams';
import { createTeamBody } from '@huddle/contracts/teams';
import { Alert, Button, Group, Radio, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { viewerTimeZone } from '../../../lib/format-event-time.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { sendCreateMotivationMail } from '../api/send-mail-request.ts';
import { useUploadTeamPhoto } from '../api/upload-team-photo.ts';
import {
  TeamAboutFields,
  TeamAccessFields,
  TeamPhotoPicker,
  teamPhotoProblem,
  type RenderCityPicker,
  type TeamDetailsDraft,
} from './team-detail-fields.tsx';
import { kindLabels, teamNoun } from './team-labels.ts';

type Draft = TeamDetailsDraft & { name: string };

/** Only the first step is needed; the others add what can also be set later on the team's page. */
const steps = ['Basics', 'Details', 'Who joins'] as const;
const fieldsOfStep: Record<number, string[]> = {
  0: ['kind', 'name'],
  1: ['gameType', 'description', 'city'],
  2: ['joinPolicy', 'visibility'],
};

interface TeamCreateFlowProps {
  /** Game types from the server, 'Other' first. */
  gameTypes: string[];
  /** The US city picker, composed in by the page. */
  renderCityPicker: RenderCityPicker;
  onCreated: (teamId: string) => void;
}

const bodyOf = (draft: Draft) => ({
  kind: draft.kind,
  name: draft.name,
  gameType: draft.gameType || undefined,
  description: draft.description.trim() || null,
  city: draft.city,
  joinPolicy: draft.joinPolicy,
  visibility: draft.visibility,
  // The team's sessions are set and shown in its creator's zone (issue 11).
  timeZone: viewerTimeZone(),
});

/** The shared schema's messages for the given fields. */
function errorsOf(draft: Draft, fields: string[]): Record<string, string> {
  const parsed = createTeamBody.safeParse(bodyOf(draft));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (fields.includes(field) && !errors[field])
      errors[field] = field === 'city' ? 'Choose a US city from the list.' : issue.message;
  }
  return errors;
}

const stepOfField = (field: string) =>
  Number(Object.entries(fieldsOfStep).find(([, fields]) => fields.includes(field))?.[0] ?? 0);

/**
 * The create-team flow (spec §2 teams/create; issue 11 item 13): kind and name create it,
 * details and who joins are optional steps, editable later on the team's page. Leaving after
 * the first step without creating asks for the motivation mail (spec §4, decision 019).
 */
export function TeamCreateFlow({ gameTypes, renderCityPicker, onCreated }: TeamCreateFlowProps) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({
    kind: 'team',
    name: '',
    gameType: '',
    description: '',
    city: null,
    joinPolicy: teamDefaults.joinPolicy,
    visibility: teamDefaults.visibility,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Labels beside the step icons fit from 36em; below, the line under the icons names the step.
  const roomForLabels = useMediaQuery('(min-width: 36em)');
  const createTeam = useCreateTeam();
  const uploadPhoto = useUploadTeamPhoto();
  const progress = useRef({ step: 0, finished: false });
  const noun = teamNoun(draft.kind);
  useEffect(() => {
    progress.current.step = step;
  }, [step]);

  useEffect(
    () => () => {
      const { step: left, finished } = progress.current;
      if (!finished && left >= 1) void sendCreateMotivationMail().catch(() => undefined);
    },
    [],
  );

  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    // A field's message goes once the field changes; the next check looks again.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes))));
  };
  const next = () => {
    const found = errorsOf(draft, fieldsOfStep[step] ?? []);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((current) => Math.min(current + 1, steps.length - 1));
  };

  const submit = async () => {
    setFormError(null);
    const found = errorsOf(draft, Object.values(fieldsOfStep).flat());
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) return setStep(stepOfField(first));
    try {
      const team = await createTeam.mutateAsync(bodyOf(draft));
      progress.current.finished = true;
      const photoSaved = photo
        ? await uploadPhoto.mutateAsync({ teamId: team.id, file: photo }).then(
            () => true,
            () => false,
          )
        : true;
      // No title: Mantine greys the message under a title, below the contrast minimum.
      notifications.show({
        color: 'teal',
        message: photoSaved
          ? `Your ${noun} is ready: ${team.name}. Add details or invite people from its page any time.`
          : `Your ${noun} is ready: ${team.name}. The photo could not be uploaded; try again from its page.`,
      });
      onCreated(team.id);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fieldMessages);
        const first = Object.keys(error.fieldMessages)[0];
        if (first !== undefined) setStep(stepOfField(first));
      }
      setFormError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  const choosePhoto = (file: File | null) => {
    setPhotoError(null);
    if (!file) return setPhoto(null);
    const problem = teamPhotoProblem(file);
    if (problem) return setPhotoError(problem);
    setPhoto(file);
  };

  return (
    <Stack gap="lg">
      <Stepper
        active={step}
        onStepClick={setStep}
        size="sm"
        wrap={false}
        allowNextStepsSelect={step > 0 || draft.name.trim().length >= teamNameLength.min}
      >
        {steps.map((label, index) => (
          <Stepper.Step
            key={label}
            label={roomForLabels ? label : undefined}
            description={roomForLabels && index > 0 ? 'Optional' : undefined}
            aria-label={index > 0 ? `${label} (optional)` : label}
          />
        ))}
      </Stepper>
      <Text fw={600} aria-live="polite">
        Step {step + 1} of {steps.length}: {steps[step]}
        {step > 0 ? ' (optional, you can change it later)' : ''}
      </Text>

      {step === 0 && (
        <Stack>
          <Radio.Group
            label="What are you starting?"
            value={draft.kind}
            onChange={(kind) => update({ kind: kind as Draft['kind'] })}
            error={errors.kind}
          >
            <Stack gap="xs" mt="xs">
              {teamKinds.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={kindLabels[kind]}
                  description={
                    kind === 'team'
                      ? 'A roster that plays together: seasons, sessions, subs.'
                      : 'A wider group: many games, open to everyone nearby.'
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            label={`Name of your ${noun}`}
            required
            value={draft.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
            error={errors.name}
            maxLength={teamNameLength.max}
            description={`${draft.name.trim().length}/${teamNameLength.max}`}
          />
        </Stack>
      )}
      {step === 1 && (
        <Stack>
          <TeamAboutFields
            draft={draft}
            update={update}
            errors={errors}
            gameTypes={gameTypes}
            renderCityPicker={renderCityPicker}
          />
          <TeamPhotoPicker kind={draft.kind} photo={photo} error={photoError} onChoose={choosePhoto} />
        </Stack>
      )}
      {step === 2 && <TeamAccessFields draft={draft} update={update} errors={errors} />}

      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        {step > 0 ? (
          <Button variant="default" onClick={() => setStep((current) => Math.max(current - 1, 0))}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          {step < steps.length - 1 && (
            <Button variant="default" onClick={next}>
              {step === 0 ? 'Add details' : 'Next'}
            </Button>
          )}
          <Button onClick={() => void submit()} loading={createTeam.isPending || uploadPhoto.isPending}>
            Create {noun}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
