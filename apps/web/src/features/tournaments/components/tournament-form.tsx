import { tournamentBody } from '@huddle/contracts/tournaments';
import { tournamentFormats } from '@huddle/shared/tournament-brackets';
import { tournamentFormatLabels, type TournamentBody, type TournamentDetail } from '@huddle/shared/tournaments';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime.ts';
import { useCreateTournament } from '../api/create-tournament.ts';

export interface TournamentValues {
  name: string;
  format: TournamentBody['format'];
  startLocal: string;
  endLocal: string;
  placeName: string;
  courts: string;
  matchMinutes: number | string;
  pools: number | string;
  advancePerPool: number | string;
  captainsEnterScores: boolean;
}

/** datetime-local speaks the browser's zone; the contract speaks ISO instants ('' is refused beside the field). */
const fromLocal = (local: string) => fromLocalInput(local) ?? '';

function toBody(values: TournamentValues): TournamentBody {
  const roundRobin = values.format === 'round_robin';
  return {
    name: values.name,
    format: values.format,
    startsAt: fromLocal(values.startLocal),
    endsAt: fromLocal(values.endLocal),
    placeName: values.placeName.trim() || null,
    courts: values.courts
      .split(',')
      .map((court) => court.trim())
      .filter(Boolean),
    matchMinutes: values.matchMinutes === '' ? Number.NaN : Number(values.matchMinutes),
    pools: roundRobin ? Number(values.pools || 1) : 1,
    advancePerPool: roundRobin ? Number(values.advancePerPool || 0) : 0,
    captainsEnterScores: values.captainsEnterScores,
  };
}

const fieldOf: Record<string, keyof TournamentValues> = { startsAt: 'startLocal', endsAt: 'endLocal' };

/** A saved tournament's details as the form shows them (for editing). */
export function valuesOf(tournament: TournamentDetail): TournamentValues {
  return {
    name: tournament.name,
    format: tournament.format,
    startLocal: toLocalInput(tournament.startsAt),
    endLocal: toLocalInput(tournament.endsAt),
    placeName: tournament.placeName ?? '',
    courts: tournament.courts.join(', '),
    matchMinutes: tournament.matchMinutes,
    pools: tournament.pools,
    advancePerPool: tournament.advancePerPool,
    captainsEnterScores: tournament.captainsEnterScores,
  };
}

const newTournamentValues: TournamentValues = {
  name: '',
  format: 'single_elimination',
  startLocal: '',
  endLocal: '',
  placeName: '',
  courts: 'Court 1',
  matchMinutes: 30,
  pools: 1,
  advancePerPool: 2,
  captainsEnterScores: false,
};

/**
 * A tournament's details: for a new one, or edited on its page. A failed save keeps what was
 * typed and shows the server's messages beside their fields (or above the buttons).
 */
export function TournamentDetailsForm({
  initialValues = newTournamentValues,
  submitLabel,
  pending,
  error,
  bracketLocked = false,
  onSave,
  children,
}: {
  initialValues?: TournamentValues;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  /** A score is in: the format and pools are shown but cannot change. */
  bracketLocked?: boolean;
  onSave: (body: TournamentBody) => Promise<unknown>;
  /** Beside the submit button (a Cancel). */
  children?: ReactNode;
}) {
  const form = useForm<TournamentValues>({
    initialValues,
    validate: (values) => {
      const parsed = tournamentBody.safeParse(toBody(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        errors[fieldOf[field] ?? field] ??= issue.message;
      }
      return errors;
    },
  });
  const roundRobin = form.values.format === 'round_robin';

  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        try {
          await onSave(toBody(values));
        } catch (error) {
          if (error instanceof ApiError && error.fields) {
            form.setErrors(
              Object.fromEntries(
                Object.entries(error.fieldMessages).map(([field, message]) => [
                  fieldOf[field.split('.')[0]!] ?? field.split('.')[0]!,
                  message,
                ]),
              ),
            );
          }
        }
      }, focusFirstError)}
    >
      <Stack>
        <TextInput label="Tournament name" placeholder="Spring Smash" {...form.getInputProps('name')} />
        <Select
          label="Format"
          description={bracketLocked ? 'Fixed once a score is entered' : undefined}
          data={tournamentFormats.map((format) => ({ value: format, label: tournamentFormatLabels[format] }))}
          allowDeselect={false}
          disabled={bracketLocked}
          {...form.getInputProps('format')}
        />
        {roundRobin ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Pools"
              min={1}
              max={16}
              allowDecimal={false}
              disabled={bracketLocked}
              {...form.getInputProps('pools')}
            />
            <NumberInput
              label="Through to the knockout, per pool"
              description="0: the pool table decides"
              min={0}
              max={16}
              allowDecimal={false}
              disabled={bracketLocked}
              {...form.getInputProps('advancePerPool')}
            />
          </SimpleGrid>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="datetime-local" label="Starts" {...form.getInputProps('startLocal')} />
          <TextInput type="datetime-local" label="Ends" {...form.getInputProps('endLocal')} />
        </SimpleGrid>
        <TextInput label="Place" placeholder="Zilker Park courts" {...form.getInputProps('placeName')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Courts"
            description="Separated by commas; matches are spread over them"
            {...form.getInputProps('courts')}
          />
          <NumberInput
            label="Minutes per match"
            description="Including the change-over"
            min={5}
            max={600}
            allowDecimal={false}
            {...form.getInputProps('matchMinutes')}
          />
        </SimpleGrid>
        <Checkbox
          label="Captains may enter their own matches’ scores"
          description="Sides taken from season registrations are captained by the registered player"
          {...form.getInputProps('captainsEnterScores', { type: 'checkbox' })}
        />
        <FormLevelError error={error} />
        <Group justify={children ? 'flex-end' : 'flex-start'}>
          {children}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new tournament's details for a team or community the person runs; entrants come next, on its page. */
export function TournamentForm({
  teamId,
  onCreated,
}: {
  teamId: string;
  onCreated: (tournament: TournamentDetail) => void;
}) {
  const createTournament = useCreateTournament();
  return (
    <TournamentDetailsForm
      submitLabel="Create tournament"
      pending={createTournament.isPending}
      error={createTournament.error}
      onSave={async (tournament) => onCreated(await createTournament.mutateAsync({ teamId, tournament }))}
    />
  );
}
