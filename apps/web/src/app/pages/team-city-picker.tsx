import type { UsCity } from '@huddle/shared/profiles';
import { useState } from 'react';
import { CityAutocomplete } from '../../features/profiles/components/city-autocomplete.tsx';

interface TeamCityPickerProps {
  city: UsCity | null;
  onCityChosen: (city: UsCity | null) => void;
  error?: string;
  /** The saved city's name, shown until another is picked. */
  initialText?: string;
}

/** The US city picker for a team's details (optional there): composed into the teams feature by its pages. */
export function TeamCityPicker({ city, onCityChosen, error, initialText = '' }: TeamCityPickerProps) {
  const [text, setText] = useState(city?.name ?? initialText);
  return (
    <CityAutocomplete
      value={text}
      required={false}
      description="Optional: where you usually play. Start typing and pick the city from the list."
      onChange={(typed) => {
        setText(typed);
        // Typing after a choice un-chooses it: only a city from the list is saved.
        if (city && typed !== city.name) onCityChosen(null);
      }}
      onCityChosen={(chosen) => {
        setText(chosen.name);
        onCityChosen(chosen);
      }}
      {...(error ? { error } : {})}
    />
  );
}
