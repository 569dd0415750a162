import type { EndpointReply } from '@huddle/shared/endpoint';
import { eventEndpoints, type EventSummary, type EventView } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { withFavorite } from '../favorites-state.ts';
import { eventKeys } from './event-query-keys.ts';

interface SetFavoriteInput {
  event: EventSummary;
  favorite: boolean;
}

export function setFavorite({ event, favorite }: SetFavoriteInput) {
  const endpoint = favorite ? eventEndpoints.favoriteEvent : eventEndpoints.unfavoriteEvent;
  return apiRequest(endpoint, { params: { eventId: event.id } });
}

type FavoritesList = EndpointReply<typeof eventEndpoints.myFavorites>;

/**
 * Favourite or unfavourite at once on screen; the server's count replaces the guess when it
 * answers, and a failure puts everything back as it was.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  const setViews = (eventId: string, change: (view: EventView) => EventView) =>
    queryClient.setQueriesData<EventView>({ queryKey: eventKeys.event(eventId) }, (view) =>
      view ? change(view) : view,
    );

  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ event, favorite }) => {
      await queryClient.cancelQueries({ queryKey: eventKeys.event(event.id) });
      await queryClient.cancelQueries({ queryKey: eventKeys.favorites });
      const views = queryClient.getQueriesData<EventView>({ queryKey: eventKeys.event(event.id) });
      const list = queryClient.getQueryData<FavoritesList>(eventKeys.favorites);
      setViews(event.id, (view) =>
        view.isFavorite === favorite
          ? view
          : {
              ...view,
              isFavorite: favorite,
              favoriteUserCount: Math.max(0, view.favoriteUserCount + (favorite ? 1 : -1)),
            },
      );
      if (list) queryClient.setQueryData(eventKeys.favorites, withFavorite(list, event, favorite));
      return { views, list };
    },
    onError: (_error, _input, context) => {
      for (const [key, view] of context?.views ?? []) queryClient.setQueryData(key, view);
      if (context?.list) queryClient.setQueryData(eventKeys.favorites, context.list);
    },
    onSuccess: (reply, { event }) => setViews(event.id, (view) => ({ ...view, ...reply })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.favorites }),
  });
}
