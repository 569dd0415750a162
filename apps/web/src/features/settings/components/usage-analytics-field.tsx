import { settingsSavedMessage } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateMyUsageAnalytics } from '../api/update-my-usage-analytics.ts';

/**
 * Settings > General, "Usage statistics" (spec §7: analytics only for people who have not opted
 * out; decision 052): saved as soon as it is switched, like the distance units.
 */
export function UsageAnalyticsField({ user, onSaved }: { user: CurrentUser; onSaved: (user: CurrentUser) => void }) {
  const update = useUpdateMyUsageAnalytics();
  // What was switched shows at once and stays if the save fails (with the error beside it).
  const [picked, setPicked] = useState<boolean | null>(null);

  return (
    <Switch
      label="Share usage statistics"
      description="Count which Huddle pages you open, without your name, email or address, so we can improve Huddle. Only when this server has statistics set up."
      checked={picked ?? user.usageAnalytics}
      onChange={(event) => {
        const usageAnalytics = event.currentTarget.checked;
        setPicked(usageAnalytics);
        update.mutate(usageAnalytics, {
          onSuccess: (saved) => {
            onSaved(saved);
            setPicked(null);
            notifications.show({ color: 'huddle', message: settingsSavedMessage });
          },
        });
      }}
      error={update.isError ? `Not saved: ${update.error.message}` : undefined}
    />
  );
}
