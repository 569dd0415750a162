import { connectionMessages } from '@huddle/shared/connections';
import { Switch } from '@mantine/core';
import { useConnectionSettings, useUpdateConnectionSettings } from '../api/connection-settings.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

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
      {update.error ? <ErrorText>{update.error.message}</ErrorText> : null}
    </>
  );
}
