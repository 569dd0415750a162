import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { LocationPicker } from '../../features/maps/components/location-picker.tsx';
import { viewAround } from '../../features/maps/map-view.ts';
import { usePlace } from '../../features/places/api/get-place.ts';
import { PlaceForm } from '../../features/places/components/place-form.tsx';
import { placePaths } from '../../features/places/place-paths.ts';

/** places/new and places/edit/{id} (spec §2, signed in): the creator or an admin edits. */
export function Component() {
  const { placeId } = useParams();
  const navigate = useNavigate();
  const city = useSession().data?.user?.defaultCity ?? null;
  const existing = usePlace(placeId ?? null);
  const editing = placeId !== undefined;

  if (editing && existing.isPending) return <Text c="dimmed">Loading the place…</Text>;
  if (editing && existing.isError) return <Text role="alert">{existing.error.message}</Text>;
  const place = editing ? (existing.data?.place ?? null) : null;
  if (place && !place.canEdit) {
    return <Text role="alert">Only the person who added this place, or an admin, can change it.</Text>;
  }
  // A new place starts on the player's city; an existing one on itself.
  const start = place ? { center: { lat: place.lat, lng: place.lng }, zoom: 15 } : viewAround(city);

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{place ? `Edit ${place.name}` : 'Add a place'}</Title>
      <PlaceForm
        place={place}
        near={city ? { lat: city.lat, lng: city.lng } : null}
        onSaved={(saved) => void navigate(placePaths.view(saved.id))}
        renderLocationPicker={(picker) => <LocationPicker {...picker} start={start} height={340} />}
      />
    </Stack>
  );
}
