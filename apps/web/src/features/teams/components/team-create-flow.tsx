import {
  createTeamBody,
  joinPolicies,
  teamDescriptionMax,
  teamKinds,
  teamNameLength,
  teamVisibilities,
  type CreateTeamBody,
} from '@huddle/shared/teams';
import type { UsCity } from '@huddle/shared/profiles';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Radio,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { sendCreateMotivationMail } from '../api/send-mail-request.ts';
import { useUploadTeamPhoto } from '../api/upload-team-photo.ts';
import { joinPolicyLabels, kindLabels, visibilityLabels } from './team-labels.ts';

type Draft = Omit<CreateTeamBody, 'city' | 'description'> & { description: string; city: UsCity | null };

const steps = ['Kind', 'Name', 'About', 'Location', 'Photo', 'Who joins', 'Review'] as const;
const photoTypes = ['image/jpeg', 'image/png', 'image/webp'];
const photoMaxBytes = 5 * 1024 * 1024;

interface TeamCreateFlowProps {
  /** Game types from the server, 'Other' first. */
  gameTypes: string[];
  /** The US city picker, composed in by the page. */
  renderCityPicker: (props: {
    city: UsCity | null;
    onCityChosen: (city: UsCity | null) => void;
    error?: string;
  }) => ReactNode;
  onCreated: (teamId: string) => void;
}

/** Checks only the fields a step asks for, with the shared schema's own messages. */
function stepErrors(step: number, draft: Draft): Record<string, string> {
  const parsed = createTeamBody.safeParse({ ...draft, description: draft.description || null });
  const fieldsOfStep: Record<number, string[]> = {
    0: ['kind'],
    1: ['name', 'gameType'],
    2: ['description'],
    3: ['city'],
    5: ['joinPolicy', 'visibility'],
  };
  const wanted = fieldsOfStep[step] ?? [];
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (wanted.includes(field) && !errors[field])
      errors[field] = field === 'city' ? 'Choose a US city from the list.' : issue.message;
  }
  return errors;
}

/**
 * The create-team flow (issue 4, spec §2 teams/create): seven steps, 0-6. Leaving it on
 * steps 2-6 without finishing asks for the motivation mail (spec §4); leaving the page
 * resets the form, because the component and its state go with it.
 */
export function TeamCreateFlow({ gameTypes, renderCityPicker, onCreated }: TeamCreateFlowProps) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({
    kind: 'team',
    name: '',
    gameType: '',
    description: '',
    city: null,
    joinPolicy: 'open',
    visibility: 'public',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 62em)');
  const createTeam = useCreateTeam();
  const uploadPhoto = useUploadTeamPhoto();
  const progress = useRef({ step: 0, finished: false });
  useEffect(() => {
    progress.current.step = step;
  }, [step]);

  useEffect(
    () => () => {
      const { step: left, finished } = progress.current;
      if (!finished && left >= 2 && left <= 6) void sendCreateMotivationMail().catch(() => undefined);
    },
    [],
  );

  const photoPreview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (photoPreview ? URL.revokeObjectURL(photoPreview) : undefined), [photoPreview]);

  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    // A field's message goes once the field changes; the next Next checks again.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes))));
  };
  const next = () => {
    const found = stepErrors(step, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((current) => Math.min(current + 1, steps.length - 1));
  };

  const submit = async () => {
    setFormError(null);
    if (!draft.city) return;
    try {
      const team = await createTeam.mutateAsync({
        ...draft,
        city: draft.city,
        description: draft.description.trim() || null,
      });
      progress.current.finished = true;
      if (photo) await uploadPhoto.mutateAsync({ teamId: team.id, file: photo }).catch(() => undefined);
      onCreated(team.id);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fieldMessages);
      setFormError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  const choosePhoto = (file: File | null) => {
    setPhotoError(null);
    if (!file) return;
    if (!photoTypes.includes(file.type)) return setPhotoError('Upload a JPEG, PNG or WebP image.');
    if (file.size > photoMaxBytes) return setPhotoError('Photos can be at most 5 MB.');
    setPhoto(file);
  };

  return (
    <Stack gap="lg">
      <Stepper
        active={step}
        onStepClick={(target) => target < step && setStep(target)}
        size="sm"
        allowNextStepsSelect={false}
      >
        {steps.map((label) => (
          <Stepper.Step key={label} label={wide ? label : undefined} aria-label={label} />
        ))}
      </Stepper>
      <Text fw={600} aria-live="polite">
        Step {step + 1} of {steps.length}: {steps[step]}
      </Text>

      {step === 0 && (
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
      )}
      {step === 1 && (
        <Stack>
          <TextInput
            label="Name"
            value={draft.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
            error={errors.name}
            maxLength={teamNameLength.max}
            description={`${draft.name.trim().length}/${teamNameLength.max}`}
          />
          <Select
            label="Game type"
            data={gameTypes}
            value={draft.gameType || null}
            onChange={(value) => update({ gameType: value ?? '' })}
            error={errors.gameType}
            searchable
          />
        </Stack>
      )}
      {step === 2 && (
        <Textarea
          label="Description"
          description={`What should people know before joining? ${draft.description.length}/${teamDescriptionMax}`}
          autosize
          minRows={4}
          maxLength={teamDescriptionMax}
          value={draft.description}
          onChange={(event) => update({ description: event.currentTarget.value })}
          error={errors.description}
        />
      )}
      {step === 3 &&
        renderCityPicker({
          city: draft.city,
          onCityChosen: (city) => update({ city }),
          ...(errors.city ? { error: errors.city } : {}),
        })}
      {step === 4 && (
        <Stack align="flex-start">
          <Text size="sm">A logo or a team photo (optional; JPEG, PNG or WebP, at most 5 MB).</Text>
          <Group>
            <Avatar src={photoPreview} size={96} radius="md" alt={photo ? 'Chosen team photo' : ''} />
            <FileButton onChange={choosePhoto} accept={photoTypes.join(',')}>
              {(props) => (
                <Button variant="default" {...props}>
                  {photo ? 'Choose another photo' : 'Choose a photo'}
                </Button>
              )}
            </FileButton>
            {photo && (
              <Button variant="subtle" color="red" onClick={() => setPhoto(null)}>
                Remove photo
              </Button>
            )}
          </Group>
          {photoError && (
            <Text c="red.7" size="sm" role="alert">
              {photoError}
            </Text>
          )}
        </Stack>
      )}
      {step === 5 && (
        <Stack>
          <Radio.Group
            label="Who can join?"
            value={draft.joinPolicy}
            onChange={(value) => update({ joinPolicy: value as Draft['joinPolicy'] })}
            error={errors.joinPolicy}
          >
            <Stack gap="xs" mt="xs">
              {joinPolicies.map((policy) => (
                <Radio key={policy} value={policy} label={joinPolicyLabels[policy]} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label="Who can see it?"
            value={draft.visibility}
            onChange={(value) => update({ visibility: value as Draft['visibility'] })}
            error={errors.visibility}
          >
            <Stack gap="xs" mt="xs">
              {teamVisibilities.map((visibility) => (
                <Radio key={visibility} value={visibility} label={visibilityLabels[visibility]} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      )}
      {step === 6 && (
        <Stack gap="xs">
          <Text>
            <strong>{kindLabels[draft.kind]}:</strong> {draft.name.trim()}
          </Text>
          <Text>
            <strong>Game type:</strong> {draft.gameType}
          </Text>
          <Text>
            <strong>Location:</strong> {draft.city?.name}
          </Text>
          <Text>
            <strong>Who can join:</strong> {joinPolicyLabels[draft.joinPolicy]}
          </Text>
          <Text>
            <strong>Who can see it:</strong> {visibilityLabels[draft.visibility]}
          </Text>
          {draft.description.trim() && <Text style={{ whiteSpace: 'pre-wrap' }}>{draft.description.trim()}</Text>}
          <Text>
            <strong>Plan:</strong> Rookie (free)
          </Text>
        </Stack>
      )}

      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep((current) => Math.max(current - 1, 0))} disabled={step === 0}>
          Back
        </Button>
        {step < steps.length - 1 ? (
          <Button onClick={next}>Next</Button>
        ) : (
          <Button onClick={() => void submit()} loading={createTeam.isPending || uploadPhoto.isPending}>
            {draft.kind === 'community' ? 'Create community' : 'Create team'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
