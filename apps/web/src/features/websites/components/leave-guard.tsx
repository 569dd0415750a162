import { websiteMessages } from '@huddle/shared/websites';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Spec §2 site/build/{id}: asks before leaving with unsaved changes (in the app and when closing the tab). */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Unsaved changes" centered>
      <Text>{websiteMessages.leaveUnsaved}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
