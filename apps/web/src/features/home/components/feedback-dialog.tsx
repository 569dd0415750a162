import { feedbackBody } from '@huddle/contracts/profiles';
import { snackbarMs } from '@huddle/shared/limits';
import type { CurrentUser } from '@huddle/shared/users';
import { Alert, Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitFeedback, type FeedbackBody } from '../api/submit-feedback.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';

const ratingLabels = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

interface FeedbackDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The reply: the signed-in user, now with feedbackSubmitted (the task goes away). */
  onSent: (user: CurrentUser) => void;
}

function FeedbackForm({ onClose, onSent }: Omit<FeedbackDialogProps, 'opened'>) {
  const submitFeedback = useSubmitFeedback();
  const ratingLabelId = useId();
  const form = useForm<FeedbackBody>({
    initialValues: { message: '', rating: null },
    validate: schemaResolver(feedbackBody, { sync: true }),
  });
  const failure =
    submitFeedback.error && !(submitFeedback.error instanceof ApiError && submitFeedback.error.fields)
      ? submitFeedback.error
      : null;

  const submit = form.onSubmit((values) => {
    submitFeedback.mutate(values, {
      onSuccess: (user) => {
        notifications.show({
          color: 'huddle',
          title: 'Thanks for your feedback',
          message: 'The Huddle team reads every message.',
          autoClose: snackbarMs.default,
        });
        onSent(user);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
      },
    });
  }, focusFirstError);

  const rating = form.values.rating;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="We could not send your feedback">
            {failure.message}
          </Alert>
        ) : null}
        <Textarea
          label="Your feedback"
          description="What works, what does not, what you wish Huddle did."
          autosize
          minRows={4}
          maxRows={10}
          maxLength={2000}
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <div>
          <Text id={ratingLabelId} size="sm" fw={500}>
            How do you like Huddle so far? (optional)
          </Text>
          <Group gap="sm" mt={4}>
            <Rating
              size="lg"
              aria-labelledby={ratingLabelId}
              role="radiogroup"
              value={rating ?? 0}
              onChange={(value) => form.setFieldValue('rating', value === 0 ? null : value)}
              allowClear
              getSymbolLabel={(value) => `${value} of 5: ${ratingLabels[value - 1] ?? ''}`}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {rating ? ratingLabels[rating - 1] : 'No rating'}
            </Text>
          </Group>
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={submitFeedback.isPending}>
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec §9, "submit feedback (opens feedback dialog)": a message and an optional 1-5 rating. */
export function FeedbackDialog({ opened, onClose, onSent }: FeedbackDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Submit feedback"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <FeedbackForm onClose={onClose} onSent={onSent} />
    </Modal>
  );
}
