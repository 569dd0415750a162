import { joinPolicies, teamDescriptionMax, teamVisibilities, type teamKinds } from '@huddle/shared/teams';
import type { UsCity } from '@huddle/shared/profiles';
import { Avatar, Button, FileButton, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { joinPolicyLabels, teamNoun, visibilityLabels } from './team-labels.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

/** The details a team can be given at creation or later on its page (issue 11, item 13). */
export interface TeamDetailsDraft {
  kind: (typeof teamKinds)[number];
  gameType: string;
  description: string;
  city: UsCity | null;
  joinPolicy: (typeof joinPolicies)[number];
  visibility: (typeof teamVisibilities)[number];
}

export type RenderCityPicker = (props: {
  city: UsCity | null;
  onCityChosen: (city: UsCity | null) => void;
  error?: string;
}) => ReactNode;

interface FieldsProps {
  draft: TeamDetailsDraft;
  update: (changes: Partial<TeamDetailsDraft>) => void;
  errors: Record<string, string>;
}

/** Game type, city and description. */
export function TeamAboutFields({
  draft,
  update,
  errors,
  gameTypes,
  renderCityPicker,
}: FieldsProps & { gameTypes: string[]; renderCityPicker: RenderCityPicker }) {
  const noun = teamNoun(draft.kind);
  return (
    <Stack>
      <Select
        label="Game type"
        description={`Events you create for the ${noun} start with it`}
        data={gameTypes}
        value={draft.gameType || null}
        onChange={(value) => update({ gameType: value ?? '' })}
        error={errors.gameType}
        searchable
        allowDeselect={false}
      />
      {renderCityPicker({
        city: draft.city,
        onCityChosen: (city) => update({ city }),
        ...(errors.city ? { error: errors.city } : {}),
      })}
      <Textarea
        label="Description"
        description={`What should people know before joining? ${draft.description.length}/${teamDescriptionMax}`}
        autosize
        minRows={3}
        maxLength={teamDescriptionMax}
        value={draft.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
        error={errors.description}
      />
    </Stack>
  );
}

/** Who can join and who can see it. */
export function TeamAccessFields({ draft, update, errors }: FieldsProps) {
  return (
    <Stack>
      <Radio.Group
        label="Who can join?"
        value={draft.joinPolicy}
        onChange={(value) => update({ joinPolicy: value as TeamDetailsDraft['joinPolicy'] })}
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
        onChange={(value) => update({ visibility: value as TeamDetailsDraft['visibility'] })}
        error={errors.visibility}
      >
        <Stack gap="xs" mt="xs">
          {teamVisibilities.map((visibility) => (
            <Radio key={visibility} value={visibility} label={visibilityLabels[visibility]} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

export const teamPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'];
const photoMaxBytes = 5 * 1024 * 1024;

/** The photo check done before upload; the server checks again. Null when the file is fine. */
export function teamPhotoProblem(file: File): string | null {
  if (!teamPhotoTypes.includes(file.type)) return 'Upload a JPEG, PNG or WebP image.';
  if (file.size > photoMaxBytes) return 'Photos can be at most 5 MB.';
  return null;
}

/** A logo or photo chosen in the browser, previewed before it is uploaded. */
export function TeamPhotoPicker({
  kind,
  photo,
  currentURL,
  error,
  onChoose,
}: {
  kind: TeamDetailsDraft['kind'];
  photo: File | null;
  currentURL?: string | null;
  error: string | null;
  onChoose: (file: File | null) => void;
}) {
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" fw={500}>
        Photo (optional)
      </Text>
      <Text size="sm" c="dimmed">
        A logo or a {teamNoun(kind)} photo: JPEG, PNG or WebP, at most 5 MB.
      </Text>
      <Group>
        <Avatar src={preview ?? currentURL ?? null} size={72} radius="md" alt={photo ? 'Chosen photo' : ''} />
        <FileButton onChange={onChoose} accept={teamPhotoTypes.join(',')}>
          {(props) => (
            <Button variant="default" {...props}>
              {photo || currentURL ? 'Choose another photo' : 'Choose a photo'}
            </Button>
          )}
        </FileButton>
        {photo && (
          <Button variant="subtle" color="red" onClick={() => onChoose(null)}>
            Remove photo
          </Button>
        )}
      </Group>
      {error && <ErrorText>{error}</ErrorText>}
    </Stack>
  );
}
