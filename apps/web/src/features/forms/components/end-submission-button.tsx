import { submissionEndMessages } from '@huddle/shared/forms';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Decision 044: ending a submission asks first. The filler withdraws it; the form's readers
 * delete it. Either way what was paid is refunded and the place goes to the waitlist.
 */
export function EndSubmissionButton({
  end,
  onConfirm,
}: {
  end: 'withdraw' | 'delete';
  /** Runs the request; a thrown error is shown in the dialog, which then stays open. */
  onConfirm: () => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withdraw = end === 'withdraw';
  const action = withdraw ? 'Withdraw' : 'Delete submission';

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpened(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button w="fit-content" color="red" variant="light" onClick={() => setOpened(true)}>
        {withdraw ? 'Withdraw submission' : 'Delete submission'}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={withdraw ? submissionEndMessages.withdrawTitle : submissionEndMessages.deleteTitle}
        centered
      >
        <Stack>
          <Text>{withdraw ? submissionEndMessages.withdrawConfirm : submissionEndMessages.deleteConfirm}</Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {withdraw ? 'Keep it' : 'Cancel'}
            </Button>
            <Button color="red.9" loading={pending} onClick={() => void confirm()}>
              {action}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
