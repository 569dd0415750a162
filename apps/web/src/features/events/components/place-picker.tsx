import type { AddressSuggestion } from '@huddle/shared/places';
import { addressQueryMinLength, placeAddressLength, placeNameLength } from '@huddle/shared/places';
import { Autocomplete, Button, Card, Group, Loader, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useMemo, useState } from 'react';
import { useAddressSuggestions } from '../api/search-addresses.ts';
import type { ChosenPlace, NewPlaceValues } from '../event-form-values.ts';

interface PlacePickerProps {
  place: ChosenPlace | null;
  newPlace: NewPlaceValues | null;
  onPlaceChange: (place: ChosenPlace | null) => void;
  onNewPlaceChange: (place: NewPlaceValues | null) => void;
  /** The viewer's city: suggestions nearest to it first, and where a typed new place starts. */
  near: { lat: number; lng: number } | null;
  errors: { place?: string; name?: string; address?: string; lat?: string; lng?: string };
}

type Option = { kind: 'place' | 'city'; suggestion: AddressSuggestion } | { kind: 'new'; name: string };

const searchDelayMs = 250;
const newPlaceLabel = (name: string) => `Add “${name}” as a new place`;
const cityLabel = (suggestion: AddressSuggestion) => `New place in ${suggestion.name}`;
const placeLabel = (suggestion: AddressSuggestion) => `${suggestion.name} · ${suggestion.formattedAddress}`;

/**
 * The place of an event (issue 5): a known place from the server's offline search, or a new
 * one. Picking a city, or typing a name that is not there, opens the new-place fields with
 * the coordinates filled in; the place is created when the event is saved.
 */
export function PlacePicker({ place, newPlace, onPlaceChange, onNewPlaceChange, near, errors }: PlacePickerProps) {
  const legendId = useId();
  const [text, setText] = useState(place?.name ?? '');
  // A place set from outside (the one just created on save) shows its name in the box.
  const [shownPlaceId, setShownPlaceId] = useState(place?.id ?? null);
  if ((place?.id ?? null) !== shownPlaceId) {
    setShownPlaceId(place?.id ?? null);
    if (place) setText(place.name);
  }
  const [query] = useDebouncedValue(text, searchDelayMs);
  const suggestions = useAddressSuggestions(query, near);
  const typed = text.trim();

  // Option labels are the values Autocomplete shows; this turns a chosen label back into its meaning.
  const options = useMemo(() => {
    const byLabel = new Map<string, Option>();
    if (typed.length < addressQueryMinLength) return byLabel;
    for (const suggestion of suggestions.data?.suggestions ?? []) {
      const label = suggestion.kind === 'place' ? placeLabel(suggestion) : cityLabel(suggestion);
      if (!byLabel.has(label)) byLabel.set(label, { kind: suggestion.kind, suggestion });
    }
    byLabel.set(newPlaceLabel(typed), { kind: 'new', name: typed });
    return byLabel;
  }, [suggestions.data, typed]);

  const groups = (['place', 'city', 'new'] as const)
    .map((kind) => ({
      group: kind === 'place' ? 'Places' : kind === 'city' ? 'Cities' : 'Somewhere else',
      items: [...options].filter(([, option]) => option.kind === kind).map(([label]) => label),
    }))
    .filter((group) => group.items.length > 0);

  const choose = (label: string) => {
    const option = options.get(label);
    if (!option) return;
    if (option.kind === 'new') {
      onPlaceChange(null);
      onNewPlaceChange({ name: option.name, address: '', lat: near?.lat ?? '', lng: near?.lng ?? '' });
    } else if (option.kind === 'place') {
      const { suggestion } = option;
      if (!suggestion.placeId) return;
      onPlaceChange({ id: suggestion.placeId, name: suggestion.name, address: suggestion.formattedAddress });
      onNewPlaceChange(null);
      setText(suggestion.name);
    } else {
      const { suggestion } = option;
      onPlaceChange(null);
      onNewPlaceChange({ name: '', address: suggestion.formattedAddress, lat: suggestion.lat, lng: suggestion.lng });
      setText(suggestion.name);
    }
  };

  const change = (next: string) => {
    setText(next);
    // Typing again un-chooses the place; the list offers it again.
    if (place && next !== place.name) onPlaceChange(null);
  };

  return (
    <Stack gap="sm">
      <Autocomplete
        label="Place"
        description={
          place ? place.address : 'Search the courts and fields on Huddle, or a city to add a new place there.'
        }
        placeholder="Zilker Park courts"
        autoComplete="off"
        value={text}
        onChange={change}
        data={groups}
        // The server already matched the text: show its answer as it is.
        filter={({ options: shown }) => shown}
        limit={20}
        error={errors.place}
        rightSection={suggestions.isFetching ? <Loader size={16} aria-label="Searching places" /> : null}
        onOptionSubmit={choose}
        comboboxProps={{ withinPortal: true }}
      />
      {newPlace && (
        <Card withBorder radius="md" padding="md" role="group" aria-labelledby={legendId}>
          <Stack gap="sm">
            <Text fw={600} id={legendId}>
              New place
            </Text>
            <TextInput
              label="Name of the place"
              placeholder="Zilker Park, court 2"
              value={newPlace.name}
              maxLength={placeNameLength.max}
              onChange={(event) => onNewPlaceChange({ ...newPlace, name: event.currentTarget.value })}
              error={errors.name}
            />
            <TextInput
              label="Address"
              placeholder="2100 Barton Springs Rd, Austin, TX"
              value={newPlace.address}
              maxLength={placeAddressLength.max}
              onChange={(event) => onNewPlaceChange({ ...newPlace, address: event.currentTarget.value })}
              error={errors.address}
            />
            <Text size="xs" c="dimmed">
              The map pin starts at the city you picked; change it if you know the exact spot.
            </Text>
            <Group grow align="flex-start">
              <NumberInput
                label="Latitude"
                value={newPlace.lat}
                decimalScale={6}
                min={-90}
                max={90}
                onChange={(lat) => onNewPlaceChange({ ...newPlace, lat })}
                error={errors.lat}
              />
              <NumberInput
                label="Longitude"
                value={newPlace.lng}
                decimalScale={6}
                min={-180}
                max={180}
                onChange={(lng) => onNewPlaceChange({ ...newPlace, lng })}
                error={errors.lng}
              />
            </Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => onNewPlaceChange(null)}
              style={{ alignSelf: 'flex-start' }}
            >
              Don’t add a new place
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
