import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { eventPath } from '../../features/discovery/components/event-summary-list.tsx';
import { usePlace } from '../../features/places/api/get-place.ts';
import { usePosterEvent } from '../../features/places/api/get-poster-event.ts';
import { PlacePoster, type PosterContent } from '../../features/places/components/place-poster.tsx';
import { placePaths } from '../../features/places/place-paths.ts';
import { formatEventStart } from '../../lib/format-event-time.ts';

/** places/poster?placeId=… or ?eventId=… (spec §2): a printable poster with a QR code to the page. */
export function Component() {
  const [searchParams] = useSearchParams();
  const eventId = searchParams.get('eventId');
  const placeId = eventId ? null : searchParams.get('placeId');
  const place = usePlace(placeId);
  const event = usePosterEvent(eventId);
  const origin = window.location.origin;

  let poster: PosterContent | null = null;
  if (eventId && event.data) {
    const { event: summary, occurrence } = event.data;
    poster = {
      title: summary.title,
      lines: [
        `${summary.gameType}${summary.repeat ? ' · every week' : ''}`,
        formatEventStart(occurrence.startsAt, summary.timeZone),
        `${summary.place.name}, ${summary.place.address}`,
      ],
      url: `${origin}${eventPath(summary.id)}`,
    };
  } else if (placeId && place.data) {
    const { place: shown } = place.data;
    poster = {
      title: shown.name,
      lines: [shown.address, ...(shown.description ? [shown.description.split('\n')[0] ?? ''] : [])].filter(Boolean),
      url: `${origin}${placePaths.view(shown.id)}`,
    };
  }

  if (!eventId && !placeId) return <Text role="alert">Choose a place or an event to print a poster for.</Text>;
  if ((eventId ? event : place).isError) return <Text role="alert">This poster's place or event was not found.</Text>;
  if (!poster) return <Text c="dimmed">Preparing the poster…</Text>;
  return <PlacePoster poster={poster} />;
}
