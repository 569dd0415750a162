import { Loader, Stack, Switch, Text } from '@mantine/core';
import type { FeatureFlagKey } from '@huddle/shared/profiles';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { useAdminFlags } from '../api/get-flags.ts';
import { useSetFlag } from '../api/set-flag.ts';

const flagText: Record<FeatureFlagKey, { label: string; description: string }> = {
  badges: { label: 'Badges', description: 'Badges on profiles, and the privacy setting for them.' },
  subscriptions: { label: 'Subscriptions', description: 'Plans, pricing and subscription payments.' },
};

/** Spec §1: the remote flags, changed without a restart. */
export function AdminFlags() {
  const flags = useAdminFlags();
  const setFlag = useSetFlag();
  if (flags.isPending) return <Loader aria-label="Loading the flags" />;
  return (
    <Stack gap="lg">
      <FormLevelError error={flags.error ?? setFlag.error} />
      {flags.data?.map((flag) => (
        <Switch
          key={flag.key}
          size="md"
          checked={flag.enabled}
          disabled={setFlag.isPending}
          onChange={(event) => setFlag.mutate({ key: flag.key, enabled: event.currentTarget.checked })}
          label={flagText[flag.key].label}
          description={`${flagText[flag.key].description} Default when unset: ${flag.defaultEnabled ? 'on' : 'off'}.`}
        />
      ))}
      <Text size="sm" c="dimmed">
        Open pages pick up a change within a minute.
      </Text>
    </Stack>
  );
}
