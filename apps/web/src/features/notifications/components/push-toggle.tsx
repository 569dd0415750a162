import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { readPushState, turnOffPush, turnOnPush, type PushState } from '../api/push-subscription.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

const explanations: Record<PushState, string> = {
  unsupported: 'This browser cannot show notifications from Huddle.',
  denied: 'Notifications are blocked for Huddle in this browser. Allow them in the site settings, then try again.',
  off: 'Get a notification on this device when something happens, even with Huddle closed.',
  on: 'Push is on for this browser.',
};

/**
 * "Turn on push" (issue 12, spec §7 push token): the browser's permission is asked only when the
 * person clicks, never on load. The settings' push switches then decide what is pushed.
 */
export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void readPushState().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  if (state === null) return null;

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Push could not be turned on. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" role="status">
        {explanations[state]}
      </Text>
      {error ? <ErrorText>{error}</ErrorText> : null}
      <Group gap="sm">
        {state === 'off' || state === 'denied' ? (
          <Button
            leftSection={<IconBellRinging size={16} aria-hidden />}
            loading={busy}
            disabled={state === 'denied'}
            onClick={() => void run(turnOnPush)}
          >
            Turn on push
          </Button>
        ) : null}
        {state === 'on' ? (
          <Button variant="default" loading={busy} onClick={() => void run(turnOffPush)}>
            Turn off push
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
