import { connectionMessages } from '@huddle/shared/connections';
import { Switch, Text } from '@mantine/core';
import { useConnectionSettings, useUpdateConnectionSettings } from '../api/connection-settings.ts';

/** Decision 045: the "follow where the other allows" of issue 16, off by default. */
export function ConnectionSettingsSwitch() {
  const settings = useConnectionSettings();
  const update = useUpdateConnectionSettings();
  return (
    <>
      <Switch
        label={connectionMessages.acceptAutomatically}
        description={connectionMessages.acceptAutomaticallyHelp}
        checked={settings.data?.acceptAutomatically ?? false}
        disabled={!settings.data || update.isPending}
        onChange={(event) => update.mutate({ acceptAutomatically: event.currentTarget.checked })}
      />
      {update.error ? (
        <Text size="sm" c="red" role="alert">
          {update.error.message}
        </Text>
      ) : null}
    </>
  );
}
