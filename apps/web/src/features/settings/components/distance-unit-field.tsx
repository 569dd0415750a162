import { distanceUnitLabels, distanceUnits, type DistanceUnit } from '@huddle/shared/distance';
import { settingsSavedMessage } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDistanceUnit } from '../../../lib/distance-unit.tsx';
import { useUpdateMyDistanceUnit } from '../api/update-my-distance-unit.ts';

/**
 * Settings > General, "Distance units" (issue 11): saved as soon as it is picked. Until the person
 * picks, it shows the default (their city's country's, else the browser's).
 */
export function DistanceUnitField({ user, onSaved }: { user: CurrentUser; onSaved: (user: CurrentUser) => void }) {
  const shown = useDistanceUnit();
  const update = useUpdateMyDistanceUnit();
  // What was clicked shows at once and stays if the save fails (with the error beside it).
  const [picked, setPicked] = useState<DistanceUnit | null>(null);
  const value = picked ?? user.distanceUnit ?? shown;

  return (
    <Radio.Group
      label="Distance units"
      description="How far away games, places and players are."
      value={value}
      onChange={(next) => {
        const unit = next as DistanceUnit;
        setPicked(unit);
        update.mutate(unit, {
          onSuccess: (saved) => {
            // The saved user first, then let go of the click: the other order shows the old unit for a render.
            onSaved(saved);
            setPicked(null);
            notifications.show({ color: 'huddle', message: settingsSavedMessage });
          },
        });
      }}
      error={update.isError ? `Not saved: ${update.error.message}` : undefined}
    >
      <Stack gap={6} mt="xs">
        <Group gap="lg">
          {distanceUnits.map((unit) => (
            <Radio key={unit} value={unit} label={distanceUnitLabels[unit]} />
          ))}
        </Group>
        {update.isPending ? (
          <Text size="xs" c="dimmed" aria-live="polite">
            Saving…
          </Text>
        ) : null}
      </Stack>
    </Radio.Group>
  );
}
