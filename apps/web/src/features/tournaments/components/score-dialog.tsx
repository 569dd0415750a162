import { scoreBody } from '@huddle/contracts/tournaments';
import type { TournamentMatch } from '@huddle/shared/tournaments';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { useEnterScore } from '../api/enter-score.ts';

interface ScoreValues {
  homeScore: number | string;
  awayScore: number | string;
}

const toNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

function ScoreForm({
  tournamentId,
  match,
  onDone,
}: {
  tournamentId: string;
  match: TournamentMatch;
  onDone: () => void;
}) {
  const enterScore = useEnterScore(tournamentId);
  const form = useForm<ScoreValues>({
    initialValues: { homeScore: match.homeScore ?? '', awayScore: match.awayScore ?? '' },
    validate: (values) => {
      const parsed = scoreBody.safeParse({
        homeScore: toNumber(values.homeScore),
        awayScore: toNumber(values.awayScore),
        version: match.version,
      });
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        try {
          await enterScore.mutateAsync({
            matchId: match.id,
            score: { homeScore: Number(values.homeScore), awayScore: Number(values.awayScore), version: match.version },
          });
          onDone();
        } catch (error) {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
        }
      }, focusFirstError)}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {match.key} · {match.court}
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={match.home.name ?? match.home.placeholder}
            min={0}
            allowDecimal={false}
            data-autofocus
            {...form.getInputProps('homeScore')}
          />
          <NumberInput
            label={match.away.name ?? match.away.placeholder}
            min={0}
            allowDecimal={false}
            {...form.getInputProps('awayScore')}
          />
        </Group>
        <FormLevelError error={enterScore.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={enterScore.isPending}>
            Save score
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Score entry (organizers; the two sides' captains when the tournament allows). */
export function ScoreDialog({
  tournamentId,
  match,
  onClose,
}: {
  tournamentId: string;
  match: TournamentMatch | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={match !== null} onClose={onClose} title="Enter score" centered>
      {match ? <ScoreForm key={match.id} tournamentId={tournamentId} match={match} onDone={onClose} /> : null}
    </Modal>
  );
}
