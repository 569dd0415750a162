import { cityUpdatedMessage, type UsCity } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstInvalidField } from '../../../lib/focus-first-error.ts';
import { useUpdateMyCity } from '../api/update-my-city.ts';
import { CityAutocomplete } from './city-autocomplete.tsx';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

interface CityPickerProps {
  user: CurrentUser;
  /** The saved user, to put back in the session. */
  onSaved: (user: CurrentUser) => void;
  onClose: () => void;
}

function CityPickerForm({ user, onSaved, onClose }: CityPickerProps) {
  const [text, setText] = useState('');
  const [city, setCity] = useState<UsCity | null>(null);
  const [error, setError] = useState<string | null>(null);
  const updateCity = useUpdateMyCity();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        if (!city) {
          setError('Choose your city from the list.');
          focusFirstInvalidField(form);
          return;
        }
        updateCity.mutate(city, {
          onSuccess: (saved) => {
            notifications.show({ color: 'huddle', message: cityUpdatedMessage });
            onSaved(saved);
            onClose();
          },
          onError: (failed) => {
            if (failed instanceof ApiError && failed.fields) {
              setError(failed.fieldMessages.defaultCity ?? failed.message);
              focusFirstInvalidField(form);
            }
          },
        });
      }}
    >
      <Stack gap="md">
        <FormLevelError error={updateCity.error} title="We could not change your city" />
        <CityAutocomplete
          value={text}
          error={error}
          onChange={(next) => {
            setText(next);
            if (city && next !== city.name) setCity(null);
          }}
          onCityChosen={(chosen) => {
            setText(chosen.name);
            setCity(chosen);
            setError(null);
          }}
        />
        {user.defaultCity ? (
          <Text size="sm" c="dimmed">
            Now: {user.defaultCity.name}. Only the city changes; the rest of your profile stays as it is.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={updateCity.isPending}>
            Save city
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The "Change city" dialog: loaded the first time it opens (change-city-button.tsx), not with home. */
export function ChangeCityDialog({ opened, title, ...picker }: CityPickerProps & { opened: boolean; title: string }) {
  return (
    <Modal opened={opened} onClose={picker.onClose} title={title}>
      {/* Mounted while open only: each opening starts from an empty search. */}
      {opened ? <CityPickerForm {...picker} /> : null}
    </Modal>
  );
}
