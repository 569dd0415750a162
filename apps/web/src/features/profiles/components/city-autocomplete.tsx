import type { UsCity } from '@huddle/shared/profiles';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { cityQueryMinLength, useUsCities } from '../api/search-us-cities.ts';

interface CityAutocompleteProps {
  /** What is typed in the field. */
  value: string;
  onChange: (text: string) => void;
  /** A city from the list was chosen; typing afterwards un-chooses it (the parent decides). */
  onCityChosen: (city: UsCity) => void;
  error?: React.ReactNode;
  onBlur?: () => void;
  /** Show the required mark (the profile form marks its required fields). */
  withAsterisk?: boolean;
  /** Another wording where the field is not the person's own city (signed-out discover). */
  label?: string;
  /** A team's city can wait (issue 11, item 13); a player's is required (spec §5). */
  required?: boolean;
  description?: string;
}

const searchDelayMs = 250;

/** Spec §5: the city is picked from a server search of US cities, never free text. */
export function CityAutocomplete({
  value,
  onChange,
  onCityChosen,
  error,
  onBlur,
  withAsterisk = false,
  label = 'City',
  required = true,
  description = 'Where you usually play. Start typing and pick your city from the list.',
}: CityAutocompleteProps) {
  const [query] = useDebouncedValue(value, searchDelayMs);
  const cities = useUsCities(query);
  const names = value.trim().length >= cityQueryMinLength ? (cities.data?.cities ?? []).map((city) => city.name) : [];

  return (
    <Autocomplete
      label={label}
      description={description}
      // "e.g." so an empty field is never read as one already filled in.
      placeholder="e.g. Austin, TX"
      required={required}
      withAsterisk={withAsterisk}
      autoComplete="off"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      data={names}
      // The server already matched what was typed: show its answer as it is.
      filter={({ options }) => options}
      limit={10}
      error={error}
      rightSection={cities.isFetching ? <Loader size={16} aria-label="Searching cities" /> : null}
      onOptionSubmit={(name) => {
        // The options shown are this answer's cities: turn the chosen name back into {name, lat, lng}.
        const city = cities.data?.cities.find((option) => option.name === name);
        if (city) onCityChosen(city);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
