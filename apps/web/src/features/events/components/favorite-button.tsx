import type { EventView } from '@huddle/shared/events';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useFavoritesState } from '../api/list-my-favorites.ts';
import { useSetFavorite } from '../api/set-favorite.ts';
import { isFavoriteIn } from '../favorites-state.ts';

const countLabel = (count: number) => `${count} ${count === 1 ? 'favourite' : 'favourites'}`;

/** The favourite toggle and count (issue 5); signed-out visitors see the count only. */
export function FavoriteButton({ view, userId }: { view: EventView; userId: string | null }) {
  const favorites = useFavoritesState(userId);
  const setFavorite = useSetFavorite();
  const count = view.favoriteUserCount;
  if (!userId) {
    return (
      <Group gap={6} c="dimmed">
        <IconHeart size={18} aria-hidden />
        <Text size="sm">{countLabel(count)}</Text>
      </Group>
    );
  }
  const isFavorite = isFavoriteIn(favorites, view.event.id, view.isFavorite);
  return (
    <Button
      variant={isFavorite ? 'light' : 'default'}
      color={isFavorite ? 'red' : undefined}
      leftSection={isFavorite ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      aria-pressed={isFavorite}
      data-favorites-state={favorites.state}
      onClick={() =>
        setFavorite.mutate(
          { event: view.event, favorite: !isFavorite },
          { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
        )
      }
    >
      Favourite · {count}
    </Button>
  );
}
