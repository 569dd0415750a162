import type { PartnerTeamOption } from '@huddle/shared/partners';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePartnerTeams } from '../api/admin-partners.ts';

const optionLabel = (team: PartnerTeamOption) => (team.city ? `${team.name} (${team.city})` : team.name);

interface PartnerTeamPickerProps {
  /** The chosen team's id, '' for none. */
  value: string;
  /** The linked team as the server read it (its name shows when editing). */
  initial: PartnerTeamOption | null;
  onChange: (teamId: string) => void;
  error?: string;
}

/**
 * A league's linked team (decision 051): type part of a public team's or community's name and
 * pick it from the list the server finds (GET /api/admin/partner-teams), instead of pasting an id.
 */
export function PartnerTeamPicker({ value, initial, onChange, error }: PartnerTeamPickerProps) {
  const [chosen, setChosen] = useState<PartnerTeamOption | null>(initial);
  const [search, setSearch] = useState(initial ? optionLabel(initial) : '');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Showing the chosen team's label is not a search for it.
  const searching = chosen === null || debounced !== optionLabel(chosen);
  const teams = usePartnerTeams(searching ? debounced : '', true);
  const options = [...(chosen ? [chosen] : []), ...(teams.data ?? []).filter((team) => team.id !== chosen?.id)];
  return (
    <Select
      label="Linked team or community"
      description="Optional: a public team whose upcoming events show on the partner's events page. Type part of its name."
      placeholder="Search teams by name"
      searchable
      clearable
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((team) => ({ value: team.id, label: optionLabel(team) }))}
      // The server already matched the search; the options are its answer.
      filter={({ options: all }) => all}
      nothingFoundMessage={teams.isFetching ? 'Searching…' : 'No public team or community by that name.'}
      rightSection={teams.isFetching ? <Loader size="xs" /> : undefined}
      onChange={(teamId) => {
        setChosen(options.find((team) => team.id === teamId) ?? null);
        onChange(teamId ?? '');
      }}
      {...(error ? { error } : {})}
    />
  );
}
