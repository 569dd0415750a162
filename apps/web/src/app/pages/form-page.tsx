import { Alert, Stack, Text } from '@mantine/core';
import { formMessages } from '@huddle/shared/forms';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { usePublicForm } from '../../features/forms/api/get-public-form.ts';
import { PublicFormView } from '../../features/forms/components/public-form-view.tsx';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/** form/{id} (spec §6: public): fill a form, signed in or as a visitor. */
export function Component() {
  const { formId = '' } = useParams();
  const form = usePublicForm(formId);
  const missing = form.error instanceof ApiError && (form.error.status === 404 || form.error.status === 400);
  usePageName(missing ? notFoundPageName : form.data?.title);

  if (form.isError && !form.data) {
    return (
      <Stack maw={720} mx="auto">
        <Alert color="red" role="alert">
          {missing ? formMessages.notFound : form.error.message}
        </Alert>
      </Stack>
    );
  }
  if (!form.data)
    return (
      <Text c="dimmed" role="status">
        Loading the form…
      </Text>
    );
  return <PublicFormView key={form.data.id} form={form.data} />;
}
