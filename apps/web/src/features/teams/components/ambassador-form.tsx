import { ambassadorThanksMessage } from '@huddle/shared/teams';
import { ambassadorApplicationBody } from '@huddle/contracts/teams';
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.ts';
import { useApplyAsAmbassador } from '../api/apply-as-ambassador.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

/** start/ambassador: the application is stored for the admin screens. */
export function AmbassadorForm({ defaults }: { defaults: { fullName: string; email: string; city: string } }) {
  const apply = useApplyAsAmbassador();
  const form = useForm({
    initialValues: { ...defaults, sports: '' as string | null, motivation: '' },
    validate: schemaResolver(ambassadorApplicationBody, { sync: true }),
    transformValues: (values) => ({ ...values, sports: values.sports?.trim() ? values.sports : null }),
  });
  if (apply.isSuccess) return <Alert color="teal">{ambassadorThanksMessage}</Alert>;
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        try {
          await apply.mutateAsync(values);
        } catch (error) {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
        }
      }, focusFirstError)}
    >
      <Stack>
        <TextInput label="Full name" {...form.getInputProps('fullName')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="City" {...form.getInputProps('city')} />
        <TextInput label="Sports you organize" {...form.getInputProps('sports')} />
        <Textarea
          label="Why do you want to be an ambassador?"
          autosize
          minRows={4}
          {...form.getInputProps('motivation')}
        />
        <FormLevelError error={apply.error} />
        <Button type="submit" loading={apply.isPending} style={{ alignSelf: 'flex-start' }}>
          Send application
        </Button>
      </Stack>
    </form>
  );
}
