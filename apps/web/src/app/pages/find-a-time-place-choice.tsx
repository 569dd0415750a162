import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { PlaceChoiceValue } from '../../features/find-a-time/components/find-a-time-form.tsx';
import { useAddressSuggestions } from '../../features/events/api/search-addresses.ts';

interface PlaceChoiceProps {
  value: PlaceChoiceValue | null;
  onChange: (place: PlaceChoiceValue | null) => void;
  near: { lat: number; lng: number } | null;
}

const searchDelayMs = 250;

/**
 * Find a time's optional place (decision 079): an existing place on Huddle, searched as the event
 * form searches them; it goes to the game created and to the poll. Composed here: features do not
 * import each other.
 */
export function PlaceChoice({ value, onChange, near }: PlaceChoiceProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [query] = useDebouncedValue(text, searchDelayMs);
  const suggestions = useAddressSuggestions(query, near);
  // Option labels are what the box shows; this turns a chosen label back into its place.
  const places = useMemo(() => {
    const byLabel = new Map<string, PlaceChoiceValue>();
    for (const suggestion of suggestions.data?.suggestions ?? []) {
      if (suggestion.kind !== 'place' || !suggestion.placeId) continue;
      // The name is what the box shows once chosen; a second place of that name adds its address.
      const label = byLabel.has(suggestion.name)
        ? `${suggestion.name} · ${suggestion.formattedAddress}`
        : suggestion.name;
      if (!byLabel.has(label))
        byLabel.set(label, { id: suggestion.placeId, name: suggestion.name, address: suggestion.formattedAddress });
    }
    return byLabel;
  }, [suggestions.data]);

  return (
    <Autocomplete
      label="Place (optional)"
      description={value ? value.address : 'A court or field on Huddle; the game and the poll take it.'}
      placeholder="Zilker Park courts"
      autoComplete="off"
      value={text}
      onChange={(next) => {
        setText(next);
        // Typing again un-chooses the place.
        if (value && next !== value.name) onChange(null);
      }}
      data={[...places.keys()]}
      filter={({ options }) => options}
      limit={20}
      rightSection={suggestions.isFetching ? <Loader size={16} aria-label="Searching places" /> : null}
      onOptionSubmit={(label) => {
        const place = places.get(label);
        if (!place) return;
        onChange(place);
        setText(place.name);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
