import { findATimeLimits, type FindATimeBody } from '@huddle/shared/find-a-time';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import type { ReactNode } from 'react';

export interface PlaceChoiceValue {
  id: string;
  name: string;
  address: string;
}

export interface FindATimeValues {
  startDate: string;
  days: string;
  durationMinutes: string;
  minPlayers: number | string;
  earliest: string;
  latest: string;
  place: PlaceChoiceValue | null;
}

interface FindATimeFormProps {
  /** Today on the team's calendar: the window starts there by default. */
  today: string;
  /** The place search (the page composes it from the events feature's address search). */
  renderPlaceChoice: (choice: {
    value: PlaceChoiceValue | null;
    onChange: (place: PlaceChoiceValue | null) => void;
  }) => ReactNode;
  searching: boolean;
  error: Error | null;
  onSearch: (body: FindATimeBody, place: PlaceChoiceValue | null) => Promise<unknown>;
}

const dayChoices = [7, 10, 14, 21].map((days) => ({ value: String(days), label: `${days} days` }));
const lengthChoices = [30, 45, 60, 75, 90, 105, 120, 150, 180, 240].map((minutes) => ({
  value: String(minutes),
  label:
    minutes < 60 || minutes % 60
      ? `${Math.floor(minutes / 60) ? `${Math.floor(minutes / 60)} h ` : ''}${minutes % 60} min`
      : `${minutes / 60} h`,
}));

/** The search: window, length, place and the fewest players worth a game. */
export function FindATimeForm({ today, renderPlaceChoice, searching, error, onSearch }: FindATimeFormProps) {
  const form = useForm<FindATimeValues>({
    initialValues: {
      startDate: today,
      days: String(findATimeLimits.days.default),
      durationMinutes: String(findATimeLimits.durationMinutes.default),
      minPlayers: '',
      earliest: findATimeLimits.earliest,
      latest: findATimeLimits.latest,
      place: null,
    },
  });

  const submit = form.onSubmit((values) => {
    const body: FindATimeBody = {
      startDate: values.startDate,
      days: Number(values.days),
      durationMinutes: Number(values.durationMinutes),
      earliest: values.earliest,
      latest: values.latest,
      ...(values.place ? { placeId: values.place.id } : {}),
      ...(values.minPlayers === '' ? {} : { minPlayers: Number(values.minPlayers) }),
    };
    onSearch(body, values.place).catch((failure: unknown) => {
      if (failure instanceof ApiError && failure.fields) form.setErrors(failure.fieldMessages);
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {renderPlaceChoice({ value: form.values.place, onChange: (place) => form.setFieldValue('place', place) })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="From" withAsterisk min={today} {...form.getInputProps('startDate')} />
          <Select label="For" data={dayChoices} allowDeselect={false} {...form.getInputProps('days')} />
          <Select
            label="Game length"
            data={lengthChoices}
            allowDeselect={false}
            {...form.getInputProps('durationMinutes')}
          />
          <NumberInput
            label="At least this many players (optional)"
            min={1}
            max={500}
            allowDecimal={false}
            {...form.getInputProps('minPlayers')}
          />
          <TextInput type="time" label="Earliest start" step={1800} {...form.getInputProps('earliest')} />
          <TextInput type="time" label="Latest end" step={1800} {...form.getInputProps('latest')} />
        </SimpleGrid>
        <FormLevelError error={error} />
        <Group>
          <Button type="submit" loading={searching}>
            Find times
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
