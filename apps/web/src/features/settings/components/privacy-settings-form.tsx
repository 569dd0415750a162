import { settingsSavedMessage } from '@huddle/shared/profiles';
import type { CurrentUser, PrivacySettings } from '@huddle/shared/users';
import { Alert, Button, Group, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useUpdateMyPrivacy } from '../api/update-my-privacy.ts';

const switches: { key: keyof PrivacySettings; label: string; description: string }[] = [
  {
    key: 'messagesFromAnyone',
    label: 'Messages from anyone',
    description: 'Any Huddle player can send you a direct message.',
  },
  {
    key: 'publicBadges',
    label: 'Show my badges',
    description: 'Badges you earn appear on your public profile.',
  },
  {
    key: 'publicOnlineStatus',
    label: 'Show when I am online',
    description: 'Other players see an Online badge on your profile while you use Huddle.',
  },
  {
    key: 'publicUpcomingGames',
    label: 'Show my upcoming games',
    description: 'Other players can see the games you have joined.',
  },
];

/** Settings, privacy tab: the switches of spec §3 (badges only while the badges flag is on). */
export function PrivacySettingsForm({ user, onSaved }: { user: CurrentUser; onSaved: (user: CurrentUser) => void }) {
  const [privacy, setPrivacy] = useState(user.privacy);
  const update = useUpdateMyPrivacy();
  const badgesOn = usePublicConfig().data?.flags.badges === true;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(privacy, {
          onSuccess: (saved) => {
            notifications.show({ color: 'huddle', message: settingsSavedMessage });
            onSaved(saved);
          },
        });
      }}
    >
      <Stack gap="md">
        {switches
          .filter((entry) => entry.key !== 'publicBadges' || badgesOn)
          .map((entry) => (
            <Switch
              key={entry.key}
              label={entry.label}
              description={entry.description}
              checked={privacy[entry.key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setPrivacy((current) => ({ ...current, [entry.key]: checked }));
              }}
            />
          ))}
        {update.isError ? (
          <Alert color="red" variant="light" title="We could not save your privacy settings">
            {update.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
