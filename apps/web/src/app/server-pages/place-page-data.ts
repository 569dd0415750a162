import { placeQueryOptions } from '../../features/places/api/get-place.ts';
import { placeKeys } from '../../features/places/api/place-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * places/view/{id} (pages/place-view-page.tsx): the place with who is checked in there, and its
 * upcoming events, read at once. The place missing (or not an id) leaves the page to the browser,
 * which shows "Place not found"; the events failing leave that card to it.
 */
export const placePageData: ContentPageData = async ({ params, client, sources }) => {
  const placeId = params.placeId ?? '';
  const [place, events] = await Promise.all([sources.content.place(placeId), sources.content.placeEvents(placeId)]);
  if (!place) return false;
  client.setQueryData(placeQueryOptions(placeId).queryKey, place);
  if (events) client.setQueryData(placeKeys.events(placeId), events);
  return true;
};
