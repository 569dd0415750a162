import { Button, Group, Text } from '@mantine/core';
import type { BuilderState } from '../builder-state.ts';

/**
 * "Saving… / Saved / Not saved — Retry" (in the error colour, inside this live region: not an
 * ErrorText, whose alert would be a second one) beside the builder's title (issue 14); for a new form
 * not stored yet (decision 063), that the first change keeps it.
 */
export function SaveStatus({ state, stored, onRetry }: { state: BuilderState; stored: boolean; onRetry: () => void }) {
  let body;
  if (state.status === 'stale') body = <Text c="var(--mantine-color-error)">Not saved</Text>;
  else if (state.status === 'failed') {
    body = (
      <Group gap="xs">
        <Text c="var(--mantine-color-error)">
          {state.failedMessage ? `Not saved: ${state.failedMessage}` : 'Not saved: fix the fields marked in red.'}
        </Text>
        <Button size="compact-sm" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    );
  } else if (state.status === 'saved') {
    body = <Text c="dimmed">{stored ? 'Saved' : 'Not saved yet: your first change saves the form.'}</Text>;
  } else body = <Text c="dimmed">Saving…</Text>;
  return (
    <div role="status" aria-live="polite">
      {body}
    </div>
  );
}
