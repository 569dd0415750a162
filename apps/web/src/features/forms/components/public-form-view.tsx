import type { PublicForm } from '@huddle/shared/forms';
import { Alert, Anchor, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { unavailableMessage } from '../form-availability.ts';
import { FormFiller } from './form-filler.tsx';

/** form/{id} (spec §6: public): the form and its state, signed in or out. */
export function PublicFormView({ form }: { form: PublicForm }) {
  const unavailable = form.preview ? null : unavailableMessage(form);
  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      {form.preview ? (
        <Alert color="yellow" title="Draft preview">
          Only the form’s editors see this draft. Publish it in the builder to take answers.
        </Alert>
      ) : null}
      {form.coverImageUrl ? (
        // Decorative: the title below says what the form is.
        <Image src={form.coverImageUrl} alt="" radius="lg" mah={280} fit="cover" />
      ) : null}
      <Stack gap={4}>
        <Title order={1}>{form.title}</Title>
        {form.team ? (
          <Text c="dimmed">
            By{' '}
            <Anchor component={Link} to={`/team/${form.team.id}`}>
              {form.team.name}
            </Anchor>
          </Text>
        ) : null}
        {form.canEdit ? (
          <Anchor component={Link} to={`/form/build/${form.id}`} size="sm">
            Edit this form
          </Anchor>
        ) : null}
      </Stack>
      {form.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{form.description}</Text> : null}
      <Card withBorder radius="lg" padding="lg">
        {unavailable ? (
          <Text role="status" fw={600}>
            {unavailable}
          </Text>
        ) : (
          <FormFiller
            form={form}
            formId={form.id}
            prefill={form.prefill}
            waitlistOnly={form.waitlistOnly}
            submitDisabledReason={
              form.preview ? 'This is a draft preview: publish the form to take answers.' : undefined
            }
          />
        )}
      </Card>
      {form.prefill && !unavailable && !form.preview ? (
        <Text size="sm" c="dimmed">
          Sending as {form.prefill.name} ({form.prefill.email}).
        </Text>
      ) : null}
    </Stack>
  );
}
