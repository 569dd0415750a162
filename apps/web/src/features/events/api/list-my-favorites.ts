import { eventEndpoints } from '@huddle/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { favoritesStateOf } from '../favorites-state.ts';
import { eventKeys } from './event-query-keys.ts';

/** The viewer's favourite events (spec §7 favorites by user). */
export function listMyFavorites() {
  return apiRequest(eventEndpoints.myFavorites);
}

export function myFavoritesQueryOptions() {
  return queryOptions({ queryKey: eventKeys.favorites, queryFn: listMyFavorites, staleTime: 60_000 });
}

/** Spec §3/§4 favourites state for the signed-in user (pending when signed out). */
export function useFavoritesState(userId: string | null) {
  const query = useQuery({ ...myFavoritesQueryOptions(), enabled: Boolean(userId) });
  return favoritesStateOf(userId, query);
}
