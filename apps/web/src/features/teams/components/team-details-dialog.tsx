import { type TeamDetail, type UpdateTeamBody } from '@huddle/shared/teams';
import { updateTeamBody } from '@huddle/contracts/teams';
import { Button, Divider, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { viewerTimeZone } from '../../../lib/format-event-time.ts';
import { timeZoneChoices } from '../../../lib/time-zone-choices.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { useUploadTeamPhoto } from '../api/upload-team-photo.ts';
import {
  TeamAboutFields,
  TeamAccessFields,
  TeamPhotoPicker,
  teamPhotoProblem,
  type RenderCityPicker,
  type TeamDetailsDraft,
} from './team-detail-fields.tsx';
import { teamNoun } from './team-labels.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

export interface TeamDetailsEditorProps {
  team: TeamDetail;
  gameTypes: string[];
  renderCityPicker: RenderCityPicker;
}

const draftOf = (team: TeamDetail): TeamDetailsDraft => ({
  kind: team.kind,
  gameType: team.gameType,
  description: team.description ?? '',
  // The saved city stays unless another is picked (the reply has its name, not its position).
  city: null,
  joinPolicy: team.joinPolicy,
  visibility: team.visibility,
});

function DetailsForm({ team, gameTypes, renderCityPicker, onDone }: TeamDetailsEditorProps & { onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(team));
  // Teams made before zones were kept have none: the viewer's is the likeliest.
  const [timeZone, setTimeZone] = useState(() => team.timeZone ?? viewerTimeZone());
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const updateTeam = useUpdateTeam();
  const uploadPhoto = useUploadTeamPhoto();
  const noun = teamNoun(team.kind);

  const update = (changes: Partial<TeamDetailsDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes))));
  };

  const save = async () => {
    const changes: UpdateTeamBody = {
      gameType: draft.gameType,
      description: draft.description.trim() || null,
      joinPolicy: draft.joinPolicy,
      visibility: draft.visibility,
      timeZone,
      ...(draft.city && { city: draft.city }),
    };
    const parsed = updateTeamBody.safeParse(changes);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    try {
      await updateTeam.mutateAsync({ teamId: team.id, changes });
      if (photo) await uploadPhoto.mutateAsync({ teamId: team.id, file: photo });
      notifications.show({ color: 'teal', message: `Saved the ${noun}’s details.` });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fieldMessages);
    }
  };

  const failure = updateTeam.error ?? uploadPhoto.error;
  return (
    <Stack>
      <TeamAboutFields
        draft={draft}
        update={update}
        errors={errors}
        gameTypes={gameTypes}
        renderCityPicker={renderCityPicker}
      />
      <Select
        label="Time zone"
        description={`Season sessions and ${noun} events are set and shown in this zone.`}
        data={zones}
        value={timeZone}
        onChange={(zone) => {
          if (!zone) return;
          setTimeZone(zone);
          setErrors(({ timeZone: _dropped, ...rest }) => rest);
        }}
        error={errors.timeZone}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No zone by that name"
      />
      <TeamPhotoPicker
        kind={team.kind}
        photo={photo}
        currentURL={team.photoURL}
        error={photoError}
        onChoose={(file) => {
          setPhotoError(file ? teamPhotoProblem(file) : null);
          setPhoto(file && !teamPhotoProblem(file) ? file : null);
        }}
      />
      <Divider />
      <TeamAccessFields draft={draft} update={update} errors={errors} />
      <FormLevelError error={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={updateTeam.isPending || uploadPhoto.isPending}>
          Save details
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The details form in its dialog: with the update schema (zod), the selects, the radios and the photo
 * picker, loaded on the first press of "Edit details" (team-details-editor.tsx, decision 082's addendum).
 */
export function TeamDetailsDialog({
  opened,
  onClose,
  ...props
}: TeamDetailsEditorProps & { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit the ${teamNoun(props.team.kind)}’s details`} size="lg">
      {opened && <DetailsForm {...props} onDone={onClose} />}
    </Modal>
  );
}
