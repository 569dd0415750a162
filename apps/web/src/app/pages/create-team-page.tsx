import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useGameTypes } from '../../features/profiles/api/list-game-types.ts';
import { CityAutocomplete } from '../../features/profiles/components/city-autocomplete.tsx';
import { TeamCreateFlow } from '../../features/teams/components/team-create-flow.tsx';
import type { UsCity } from '@huddle/shared/profiles';

/** teams/create (spec §2): the multi-step flow; game types 'Other' first; a teaser for communities. */
export function Component() {
  const navigate = useNavigate();
  const gameTypes = useGameTypes();
  const [cityText, setCityText] = useState('');
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Start a team or community</Title>
        <Text c="dimmed">A few steps and your players can join.</Text>
        <Anchor component={Link} to="/start/community" size="sm" style={{ alignSelf: 'flex-start' }}>
          Why start a community? See how it works
        </Anchor>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <TeamCreateFlow
          gameTypes={gameTypes.data ?? []}
          onCreated={(teamId) => navigate(`/team/${teamId}`)}
          renderCityPicker={({ city, onCityChosen, error }) => (
            <CityAutocomplete
              value={cityText || city?.name || ''}
              onChange={(text) => {
                setCityText(text);
                if (city && text !== city.name) onCityChosen(null);
              }}
              onCityChosen={(chosen) => {
                setCityText(chosen.name);
                onCityChosen(chosen as UsCity);
              }}
              error={error}
            />
          )}
        />
      </Card>
    </Stack>
  );
}
