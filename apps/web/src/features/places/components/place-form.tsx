import {
  geohashOf,
  placeDescriptionMax,
  placePositionMessage,
  type AddressSuggestion,
  type LatLng,
  type Place,
  type PlaceBody,
} from '@huddle/shared/places';
import { placeBody } from '@huddle/contracts/places';
import { Alert, Anchor, Autocomplete, Button, Loader, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSavePlace } from '../api/save-place.ts';
import { useAddressSuggestions } from '../api/search-addresses.ts';
import { placePaths } from '../place-paths.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

interface PlaceFormValues {
  name: string;
  address: string;
  description: string;
  point: LatLng | null;
}

/** What the page draws for the location: a map the player clicks, or drags the marker on. */
export interface PlaceLocationPicker {
  point: LatLng | null;
  /** Where the map should move to: the last suggestion picked. */
  focus: LatLng | null;
  onPick: (point: LatLng) => void;
  /** The position's message (none set, refused by the server), shown under the map. */
  error: string | null;
}

// The coordinates and their geohash are one field on screen: the location under the map.
const locationFields = new Set(['lat', 'lng', 'geohash', 'point']);

/** The label a suggestion shows in the list (unique within one answer). */
function suggestionLabel(suggestion: AddressSuggestion): string {
  return suggestion.kind === 'place'
    ? `${suggestion.name}: ${suggestion.formattedAddress}`
    : suggestion.formattedAddress;
}

function toBody(values: PlaceFormValues, point: LatLng): PlaceBody {
  return {
    name: values.name,
    address: values.address,
    lat: point.lat,
    lng: point.lng,
    // Spec §7: the web computes the geohash; the server recomputes and compares.
    geohash: geohashOf(point.lat, point.lng),
    description: values.description.trim() ? values.description : null,
  };
}

/** One message per field, the first; the coordinates' messages go under the map. */
function fieldErrors(fields: [field: string, message: string][]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of fields) errors[locationFields.has(field) ? 'point' : field] ??= message;
  return errors;
}

interface PlaceFormProps {
  /** The place being changed; null to add one. */
  place: Place | null;
  /** Where to look for addresses first (the player's city). */
  near: LatLng | null;
  renderLocationPicker: (picker: PlaceLocationPicker) => ReactNode;
  onSaved: (place: Place) => void;
}

/** places/new and places/edit/{id}: name, address (autocomplete or the map), description. */
export function PlaceForm({ place, near, renderLocationPicker, onSaved }: PlaceFormProps) {
  const savePlace = useSavePlace(place?.id ?? null);
  const [focus, setFocus] = useState<LatLng | null>(null);
  const [existing, setExisting] = useState<AddressSuggestion | null>(null);
  const form = useForm<PlaceFormValues>({
    initialValues: {
      name: place?.name ?? '',
      address: place?.address ?? '',
      description: place?.description ?? '',
      point: place ? { lat: place.lat, lng: place.lng } : null,
    },
    validate: (values) => {
      const parsed = placeBody.safeParse(toBody(values, values.point ?? { lat: 0, lng: 0 }));
      const errors = parsed.success
        ? {}
        : fieldErrors(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      return values.point ? errors : { ...errors, point: placePositionMessage };
    },
  });

  const [query] = useDebouncedValue(form.values.address, 250);
  const suggestions = useAddressSuggestions(query, near);
  const options = suggestions.data?.suggestions ?? [];
  const labels = [...new Set(options.map(suggestionLabel))];

  const pick = (point: LatLng) => {
    form.setFieldValue('point', point);
    form.clearFieldError('point');
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        if (!values.point) return;
        try {
          onSaved(await savePlace.mutateAsync(toBody(values, values.point)));
        } catch (error) {
          if (error instanceof ApiError && error.fields)
            form.setErrors(fieldErrors(Object.entries(error.fieldMessages)));
        }
      }, focusFirstError)}
    >
      <Stack gap="md">
        <TextInput label="Name" placeholder="Zilker Park courts" required {...form.getInputProps('name')} />
        <Autocomplete
          label="Address"
          description="Start typing, then pick from the list. You can also click the map."
          placeholder="2100 Barton Springs Rd, Austin, TX"
          required
          autoComplete="off"
          data={labels}
          // The server already matched what was typed: show its answer as it is.
          filter={({ options: all }) => all}
          limit={10}
          rightSection={suggestions.isFetching ? <Loader size={16} aria-label="Searching addresses" /> : null}
          {...form.getInputProps('address')}
          // Mantine follows a pick with the option's label: keep the address, not "Name: address".
          onChange={(address) =>
            form.setFieldValue(
              'address',
              options.find((option) => suggestionLabel(option) === address)?.formattedAddress ?? address,
            )
          }
          onOptionSubmit={(label) => {
            const suggestion = options.find((option) => suggestionLabel(option) === label);
            if (!suggestion) return;
            form.setFieldValue('address', suggestion.formattedAddress);
            pick({ lat: suggestion.lat, lng: suggestion.lng });
            setFocus({ lat: suggestion.lat, lng: suggestion.lng });
            setExisting(suggestion.kind === 'place' && suggestion.placeId !== place?.id ? suggestion : null);
          }}
        />
        {existing?.placeId ? (
          <Alert color="blue" title="This place is already on Huddle">
            <Anchor component={Link} to={placePaths.view(existing.placeId)}>
              Open {existing.name}
            </Anchor>{' '}
            instead of adding it twice.
          </Alert>
        ) : null}
        {renderLocationPicker({
          point: form.values.point,
          focus,
          onPick: pick,
          error: typeof form.errors.point === 'string' ? form.errors.point : null,
        })}
        <Textarea
          label="Description"
          description="Courts, surface, parking, lights: what players should know."
          autosize
          minRows={3}
          maxLength={placeDescriptionMax}
          {...form.getInputProps('description')}
        />
        <FormLevelError error={savePlace.error} />
        <Button type="submit" loading={savePlace.isPending} style={{ alignSelf: 'flex-start' }}>
          {place ? 'Save changes' : 'Add place'}
        </Button>
      </Stack>
    </form>
  );
}
