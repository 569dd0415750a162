import { joinEventBody } from '@huddle/contracts/events';
import { guestFriendsMessage, type EventView } from '@huddle/shared/events';
import { Button, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { useJoinEvent } from '../api/join-event.ts';

interface GuestValues {
  name: string;
  email: string;
  friends: number | string;
}

const guestBody = (view: EventView, values: GuestValues) => ({
  occurrenceStartsAt: view.occurrence.startsAt,
  friends: Number(values.friends) || 0,
  guest: { name: values.name.trim(), email: values.email.trim() },
});
const guestField = (path: string) => path.replace(/^guest\./, '');

interface GuestJoinDialogProps {
  view: EventView;
  full: boolean;
  opened: boolean;
  onClose: () => void;
  /** The join went through: who it was for (the page thanks them by name). */
  onSent: (guest: { name: string; email: string }) => void;
}

/**
 * A visitor's name, email and friends (spec §1 unregistered users), at most the friends the
 * organizer allows guests. The server answers alike whether or not the email has an account
 * (issue 10) and mails the address what happened, so the page says only that. Loaded on the
 * first press of "Join as a guest" (join-panel.tsx, decision 082).
 */
export function GuestJoinDialog({ view, full, opened, onClose, onSent }: GuestJoinDialogProps) {
  const join = useJoinEvent();
  const maxGuestFriends = view.event.maxGuestFriends;
  const form = useForm<GuestValues>({
    initialValues: { name: '', email: '', friends: 0 },
    // The shared join schema's own messages, on the fields they name, and the event's guest cap.
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = joinEventBody.safeParse(guestBody(view, values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[guestField(issue.path.join('.'))] ??= issue.message;
      }
      if (Number(values.friends) > maxGuestFriends) errors.friends ??= guestFriendsMessage(maxGuestFriends);
      return errors;
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={full ? 'Join the waitlist' : 'Join this game'}>
      <form
        onSubmit={form.onSubmit(
          (values) =>
            join.mutate(
              { eventId: view.event.id, body: guestBody(view, values) },
              {
                onSuccess: () => onSent({ name: values.name.trim(), email: values.email.trim() }),
                onError: (error) => {
                  if (error instanceof ApiError && error.fields) {
                    form.setErrors(
                      Object.fromEntries(
                        Object.entries(error.fieldMessages).map(([field, message]) => [guestField(field), message]),
                      ),
                    );
                  }
                  notifications.show({ color: 'red', message: error.message });
                },
              },
            ),
          focusFirstError,
        )}
      >
        <Stack>
          <TextInput label="Your name" autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          {maxGuestFriends > 0 && (
            <NumberInput
              label="Bring friends"
              description={`Up to ${maxGuestFriends}; they count as spots too.`}
              min={0}
              max={maxGuestFriends}
              allowDecimal={false}
              {...form.getInputProps('friends')}
            />
          )}
          <Button type="submit" loading={join.isPending}>
            {full ? 'Join the waitlist' : 'Join'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
