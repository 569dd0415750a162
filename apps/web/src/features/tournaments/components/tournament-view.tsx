import { tournamentFormatLabels, type TournamentDetail, type TournamentMatch } from '@huddle/shared/tournaments';
import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TypedConfirmModal } from '../../../components/ui/typed-confirm-modal.tsx';
import { ViewerClockTime } from '../../../components/ui/viewer-clock-time.tsx';
import { useDeleteTournament } from '../api/delete-tournament.ts';
import { BracketView } from './bracket-view.tsx';
import { EditTournamentDialog } from './edit-tournament-dialog.tsx';
import { EntrantsEditor } from './entrants-editor.tsx';
import { ScoreDialog } from './score-dialog.tsx';
import { StandingsTables } from './standings-table.tsx';

const whenFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function DeleteTournament({ tournament, onDeleted }: { tournament: TournamentDetail; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTournament(tournament.id);
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        Delete tournament
      </Button>
      <TypedConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title="Delete this tournament?"
        phrase="DELETE"
        label="Type DELETE to confirm"
        confirmLabel="Delete tournament"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
      >
        <Text size="sm">Its entrants, schedule and scores go with it.</Text>
      </TypedConfirmModal>
    </>
  );
}

/** A tournament's page: details, the champion once known, entrants (organizers, before the schedule), standings and bracket. */
export function TournamentView({
  tournament,
  onDeleted,
  entrantSources,
}: {
  tournament: TournamentDetail;
  onDeleted: () => void;
  /** More ways to enter sides (the page composes season registrations here). */
  entrantSources?: ReactNode;
}) {
  // The match as it was when the dialog opened: its version is what the score is typed against.
  const [scoring, setScoring] = useState<TournamentMatch | null>(null);
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{tournament.name}</Title>
        <Text c="dimmed">
          <Anchor
            component={Link}
            to={`/team/${encodeURIComponent(tournament.teamId)}`}
            fw={600}
            c="inherit"
            underline="always"
          >
            {tournament.teamName}
          </Anchor>{' '}
          · {tournamentFormatLabels[tournament.format]}
        </Text>
        <Text size="sm">
          <ViewerClockTime iso={tournament.startsAt} format={whenFormat} /> –{' '}
          <ViewerClockTime iso={tournament.endsAt} format={whenFormat} />
          {tournament.placeName ? ` · ${tournament.placeName}` : ''} · {tournament.courts.join(', ')}
        </Text>
        {tournament.manages ? (
          <Button variant="light" onClick={() => setEditing(true)} mt="xs" style={{ alignSelf: 'flex-start' }}>
            Edit details
          </Button>
        ) : null}
      </Stack>

      {tournament.championName ? (
        <Card withBorder radius="lg" padding="md" role="status" aria-label="Champion">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="yellow" variant="light" size="xl" radius="xl">
              <IconTrophy aria-hidden />
            </ThemeIcon>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Champion
              </Text>
              <Text fw={700} size="lg">
                {tournament.championName}
              </Text>
            </Stack>
          </Group>
        </Card>
      ) : null}

      {!tournament.scheduled ? (
        tournament.manages ? (
          <Card withBorder radius="lg" padding="lg">
            <Stack>
              <Title order={2} size="h3">
                Entrants
              </Title>
              {/* Drawn afresh when the saved list changes elsewhere (registrations added). */}
              <EntrantsEditor key={tournament.entrants.map((entrant) => entrant.id).join()} tournament={tournament} />
              {entrantSources}
            </Stack>
          </Card>
        ) : (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <Title order={2} size="h3">
                Entrants
              </Title>
              {tournament.entrants.length === 0 ? (
                <Text c="dimmed">No teams or players entered yet.</Text>
              ) : (
                <Group gap="xs">
                  {tournament.entrants.map((entrant) => (
                    <Badge key={entrant.id} variant="light">
                      {entrant.seed}. {entrant.name}
                    </Badge>
                  ))}
                </Group>
              )}
              <Text size="sm" c="dimmed">
                The schedule appears here once the organizers make it.
              </Text>
            </Stack>
          </Card>
        )
      ) : (
        <>
          {tournament.standings.length > 0 ? <StandingsTables standings={tournament.standings} /> : null}
          <Stack gap="xs">
            <Title order={2} size="h3">
              Schedule and results
            </Title>
            <BracketView
              matches={tournament.matches}
              doubleElimination={tournament.format === 'double_elimination'}
              onScore={setScoring}
            />
          </Stack>
        </>
      )}

      {tournament.manages ? <DeleteTournament tournament={tournament} onDeleted={onDeleted} /> : null}
      <ScoreDialog tournamentId={tournament.id} match={scoring} onClose={() => setScoring(null)} />
      {tournament.manages ? (
        <EditTournamentDialog tournament={tournament} opened={editing} onClose={() => setEditing(false)} />
      ) : null}
    </Stack>
  );
}
