import type { TournamentDetail } from '@huddle/shared/tournaments';
import { Button, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateTournament } from '../api/update-tournament.ts';
import { TournamentDetailsForm, valuesOf } from './tournament-form.tsx';

function EditTournamentForm({ tournament, onDone }: { tournament: TournamentDetail; onDone: () => void }) {
  const update = useUpdateTournament(tournament.id);
  // The version the form was filled from. After "someone changed these details meanwhile" the
  // page reloads theirs, and saving again is made from it (null: the latest the page has).
  const [baseVersion, setBaseVersion] = useState<number | null>(tournament.version);
  return (
    <TournamentDetailsForm
      initialValues={valuesOf(tournament)}
      submitLabel="Save details"
      pending={update.isPending}
      error={update.error}
      bracketLocked={tournament.scored}
      onSave={async (details) => {
        try {
          await update.mutateAsync({ ...details, version: baseVersion ?? tournament.version });
          onDone();
        } catch (error) {
          if (error instanceof ApiError && error.code === 'CONFLICT' && !error.fields) setBaseVersion(null);
          throw error;
        }
      }}
    >
      <Button variant="default" onClick={onDone}>
        Cancel
      </Button>
    </TournamentDetailsForm>
  );
}

/** The organizers correct a tournament's name, dates, place, courts and (until a score is in) its format. */
export function EditTournamentDialog({
  tournament,
  opened,
  onClose,
}: {
  tournament: TournamentDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit details" centered size="lg">
      {tournament.scheduled && !tournament.scored ? (
        <Text size="sm" c="dimmed" mb="sm">
          A new format or pools drop the schedule: you make it again from the entrants.
        </Text>
      ) : null}
      {opened ? <EditTournamentForm tournament={tournament} onDone={onClose} /> : null}
    </Modal>
  );
}
