import {
  messageAudiences,
  messageBodyMax,
  messageSubjectMax,
  type MessageAudience,
} from '@huddle/shared/event-organizer';
import type { EventView } from '@huddle/shared/events';
import { Alert, Button, Card, Radio, Group, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessagePlayers } from '../api/message-players.ts';

const audienceLabels: Record<MessageAudience, string> = {
  joined: 'Joined',
  waiting: 'Waitlist',
  both: 'Both',
};

/**
 * Email everyone joined or waiting on this date (issue 11). What was typed stays until it is
 * sent: a refusal (the hourly limit, nobody to send to) leaves the text in place.
 */
export function MessagePlayersCard({ view }: { view: EventView }) {
  const send = useMessagePlayers();
  const [audience, setAudience] = useState<MessageAudience>('both');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (submitEvent: React.FormEvent) => {
    submitEvent.preventDefault();
    const missing: Record<string, string> = {};
    if (!subject.trim()) missing.subject = 'Give the message a subject.';
    if (!message.trim()) missing.message = 'Write a message.';
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    send.mutate(
      { eventId: view.event.id, body: { occurrenceStartsAt: view.occurrence.startsAt, audience, subject, message } },
      {
        onSuccess: ({ recipients }) => {
          setSubject('');
          setMessage('');
          notifications.show({ message: `Sent to ${recipients} ${recipients === 1 ? 'person' : 'people'}.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fieldMessages);
          setFormError(error.message);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="message-players-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="message-players-title">
            Message players
          </Title>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Radio.Group
            label="To"
            value={audience}
            onChange={(value) => setAudience(value as MessageAudience)}
            error={errors.audience}
          >
            <Group gap="lg" mt={6}>
              {messageAudiences.map((value) => (
                <Radio key={value} value={value} label={audienceLabels[value]} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label="Subject"
            withAsterisk
            maxLength={messageSubjectMax}
            value={subject}
            onChange={(change) => setSubject(change.currentTarget.value)}
            error={errors.subject}
          />
          <Textarea
            label="Message"
            withAsterisk
            autosize
            minRows={3}
            maxLength={messageBodyMax}
            value={message}
            onChange={(change) => setMessage(change.currentTarget.value)}
            error={errors.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send email
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
