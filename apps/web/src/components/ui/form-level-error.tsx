import { Alert } from '@mantine/core';
import { ApiError } from '../../lib/api-client.ts';

/**
 * What a failed save says above the form's buttons: nothing when the error carries field messages
 * (the form shows them beside those fields through setErrors), else its message (a conflict, a lost
 * connection, a server error), so no failure goes unsaid and none is said twice.
 */
export function formLevelMessage(error: Error | null | undefined): string | null {
  if (!error || (error instanceof ApiError && error.fields)) return null;
  return error.message;
}

export function FormLevelError({ error, title }: { error: Error | null | undefined; title?: string }) {
  const message = formLevelMessage(error);
  if (message === null) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
    </Alert>
  );
}
