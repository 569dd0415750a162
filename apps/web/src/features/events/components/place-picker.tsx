import type { AddressSuggestion, LatLng } from '@huddle/shared/places';
import { addressQueryMinLength, placeAddressLength, placeNameLength } from '@huddle/shared/places';
import { Autocomplete, Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useAddressSuggestions } from '../api/search-addresses.ts';
import type { ChosenPlace, NewPlaceValues } from '../event-form-values.ts';

/**
 * What the page draws for a new place's position: a map the organizer clicks, or drags the
 * marker on (the same one places/new shows; the page composes it from the maps feature).
 */
export interface NewPlaceLocationPicker {
  point: LatLng | null;
  /** Where the map should move to: the last address or city picked. */
  focus: LatLng | null;
  onPick: (point: LatLng) => void;
  error: string | null;
}

interface PlacePickerProps {
  place: ChosenPlace | null;
  newPlace: NewPlaceValues | null;
  onPlaceChange: (place: ChosenPlace | null) => void;
  onNewPlaceChange: (place: NewPlaceValues | null) => void;
  /**
   * Changes some fields of the new place, on top of its latest values: picking an address
   * sets the address and the point, and Mantine's own onChange follows with the label.
   */
  onNewPlaceEdit: (changes: Partial<NewPlaceValues>) => void;
  /** The viewer's city: suggestions nearest to it first. */
  near: { lat: number; lng: number } | null;
  renderLocationPicker: (picker: NewPlaceLocationPicker) => ReactNode;
  errors: { place?: string; name?: string; address?: string; point?: string };
}

type Option = { kind: 'place' | 'city'; suggestion: AddressSuggestion } | { kind: 'new'; name: string };

const searchDelayMs = 250;
const newPlaceLabel = (name: string) => `Add “${name}” as a new place`;
const cityLabel = (suggestion: AddressSuggestion) => `New place in ${suggestion.name}`;
const placeLabel = (suggestion: AddressSuggestion) => `${suggestion.name} · ${suggestion.formattedAddress}`;
/** In the new place's address box, as places/new labels them. */
const addressLabel = (suggestion: AddressSuggestion) =>
  suggestion.kind === 'place' ? `${suggestion.name}: ${suggestion.formattedAddress}` : suggestion.formattedAddress;

interface NewPlaceFieldsProps {
  newPlace: NewPlaceValues;
  onEdit: (changes: Partial<NewPlaceValues>) => void;
  onCancel: () => void;
  near: { lat: number; lng: number } | null;
  /** Where the map moves: the city picked above, then each address picked here. */
  focus: LatLng | null;
  onFocus: (point: LatLng) => void;
  renderLocationPicker: (picker: NewPlaceLocationPicker) => ReactNode;
  errors: PlacePickerProps['errors'];
}

/** Name, address (searched, as on places/new) and the spot on the map of a place to add. */
function NewPlaceFields({
  newPlace,
  onEdit,
  onCancel,
  near,
  focus,
  onFocus,
  renderLocationPicker,
  errors,
}: NewPlaceFieldsProps) {
  const legendId = useId();
  const [query] = useDebouncedValue(newPlace.address, searchDelayMs);
  const suggestions = useAddressSuggestions(query, newPlace.point ?? near);
  const options = suggestions.data?.suggestions ?? [];
  const labels = [...new Set(options.map(addressLabel))];
  const pick = (point: LatLng) => onEdit({ point });

  return (
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
          onChange={(event) => onEdit({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Autocomplete
          label="Address"
          description="Start typing, then pick from the list. You can also click the map."
          placeholder="2100 Barton Springs Rd, Austin, TX"
          autoComplete="off"
          value={newPlace.address}
          maxLength={placeAddressLength.max}
          data={labels}
          // The server already matched what was typed: show its answer as it is.
          filter={({ options: shown }) => shown}
          limit={10}
          rightSection={suggestions.isFetching ? <Loader size={16} aria-label="Searching addresses" /> : null}
          // Mantine follows a pick with the option's label: keep the address, not "Name: address".
          onChange={(address) =>
            onEdit({ address: options.find((option) => addressLabel(option) === address)?.formattedAddress ?? address })
          }
          onOptionSubmit={(label) => {
            const suggestion = options.find((option) => addressLabel(option) === label);
            if (!suggestion) return;
            const point = { lat: suggestion.lat, lng: suggestion.lng };
            onEdit({ address: suggestion.formattedAddress, point });
            onFocus(point);
          }}
          error={errors.address}
          comboboxProps={{ withinPortal: true }}
        />
        {renderLocationPicker({ point: newPlace.point, focus, onPick: pick, error: errors.point ?? null })}
        <Button variant="subtle" size="xs" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
          Don’t add a new place
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The place of an event (issue 5): a known place from the server's offline search, or a new
 * one. Picking a city, or typing a name that is not there, opens the new-place fields: an
 * address search and a map to click, as places/new has (issue 11: never a latitude to type).
 * The place is created when the event is saved.
 */
export function PlacePicker({
  place,
  newPlace,
  onPlaceChange,
  onNewPlaceChange,
  onNewPlaceEdit,
  near,
  renderLocationPicker,
  errors,
}: PlacePickerProps) {
  const [focus, setFocus] = useState<LatLng | null>(null);
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
      // No spot yet: the map opens on the player's city and waits for a click or an address.
      onPlaceChange(null);
      onNewPlaceChange({ name: option.name, address: '', point: null });
    } else if (option.kind === 'place') {
      const { suggestion } = option;
      if (!suggestion.placeId) return;
      onPlaceChange({ id: suggestion.placeId, name: suggestion.name, address: suggestion.formattedAddress });
      onNewPlaceChange(null);
      setText(suggestion.name);
    } else {
      const { suggestion } = option;
      // The city's centre, as places/new sets it for a city picked; a click moves it to the court.
      const point = { lat: suggestion.lat, lng: suggestion.lng };
      onPlaceChange(null);
      onNewPlaceChange({ name: '', address: suggestion.formattedAddress, point });
      setFocus(point);
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
        <NewPlaceFields
          newPlace={newPlace}
          onEdit={onNewPlaceEdit}
          onCancel={() => onNewPlaceChange(null)}
          near={near}
          focus={focus}
          onFocus={setFocus}
          renderLocationPicker={renderLocationPicker}
          errors={errors}
        />
      )}
    </Stack>
  );
}
