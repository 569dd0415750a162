import { connectionMessages, type ConnectionStatus } from '@huddle/shared/connections';
import { Button } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useChangeConnection } from '../api/change-connection.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

/**
 * The buttons for what the viewer has with one person: Connect; Requested (with Cancel request);
 * Accept and Decline for a request to them; Connected (with Remove). `name` labels them for
 * screen readers, since a list shows many of the same button.
 */
export function ConnectionActions({
  userId,
  name,
  status,
  size = 'xs',
}: {
  userId: string;
  name: string;
  status: ConnectionStatus;
  size?: 'xs' | 'sm';
}) {
  const change = useChangeConnection();
  const run = (action: 'request' | 'accept' | 'decline' | 'remove') => change.mutate({ userId, action });
  const busy = change.isPending;
  const error = change.error ? <ErrorText>{change.error.message}</ErrorText> : null;
  switch (status) {
    case 'none':
      return (
        <>
          <Button
            size={size}
            leftSection={<IconUserPlus size={16} aria-hidden />}
            loading={busy}
            onClick={() => run('request')}
            aria-label={`${connectionMessages.connect} with ${name}`}
          >
            {connectionMessages.connect}
          </Button>
          {error}
        </>
      );
    case 'requested':
      return (
        <>
          <Button size={size} variant="light" disabled>
            {connectionMessages.requested}
          </Button>
          <Button
            size={size}
            variant="subtle"
            color="gray"
            loading={busy}
            onClick={() => run('remove')}
            aria-label={`${connectionMessages.cancelRequest} to ${name}`}
          >
            {connectionMessages.cancelRequest}
          </Button>
          {error}
        </>
      );
    case 'incoming':
      return (
        <>
          <Button size={size} loading={busy} onClick={() => run('accept')} aria-label={`Accept ${name}’s request`}>
            {connectionMessages.accept}
          </Button>
          <Button
            size={size}
            variant="default"
            loading={busy}
            onClick={() => run('decline')}
            aria-label={`Decline ${name}’s request`}
          >
            {connectionMessages.decline}
          </Button>
          {error}
        </>
      );
    case 'connected':
      return (
        <>
          <Button size={size} variant="light" color="green" leftSection={<IconCheck size={16} aria-hidden />} disabled>
            {connectionMessages.connected}
          </Button>
          <Button
            size={size}
            variant="subtle"
            color="gray"
            loading={busy}
            onClick={() => run('remove')}
            aria-label={`Remove ${name} from your connections`}
          >
            {connectionMessages.remove}
          </Button>
          {error}
        </>
      );
    default:
      return null;
  }
}
