import { pickAtLeastOneMessage, settingsSavedMessage } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateMyGames } from '../api/update-my-games.ts';
import { GameChips } from './game-chips.tsx';

/** Settings, sports tab: the games a person plays (at least one, spec §5). */
export function GamesForm({ user, onSaved }: { user: CurrentUser; onSaved: (user: CurrentUser) => void }) {
  const [games, setGames] = useState(user.games);
  const [error, setError] = useState<string | null>(null);
  const updateGames = useUpdateMyGames();

  const save = () => {
    if (games.length === 0) {
      setError(pickAtLeastOneMessage);
      return;
    }
    setError(null);
    updateGames.mutate(games, {
      onSuccess: (saved) => {
        notifications.show({ color: 'huddle', message: settingsSavedMessage });
        onSaved(saved);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.fields?.games ? failure.fields.games.join(' ') : failure.message,
        ),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <GameChips
          label="Your sports and interests"
          description="We use these to suggest games and players near you."
          value={games}
          onChange={(next) => {
            setGames(next);
            if (next.length > 0) setError(null);
          }}
          error={error}
        />
        <Group>
          <Button type="submit" loading={updateGames.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
