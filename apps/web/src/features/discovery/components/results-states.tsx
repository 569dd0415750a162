import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list's placeholder while its first page loads. */
export function ResultsLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      <Skeleton height={72} radius="md" />
      <Skeleton height={72} radius="md" />
      <Skeleton height={72} radius="md" />
    </Stack>
  );
}

export function ResultsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={message}>
      <Button variant="light" color="red" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export function ResultsEmpty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="md">
      {children}
    </Text>
  );
}
