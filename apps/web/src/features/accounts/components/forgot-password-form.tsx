import { forgotPasswordProblems } from '@huddle/shared/account-fields';
import { forgotPasswordMessage } from '@huddle/shared/account-messages';
import { authPaths } from '@huddle/shared/auth-pages';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { forgotPassword as askForResetLink } from '../api/forgot-password.ts';
import { useSubmission } from '../use-submission.ts';
import { requiredField } from './field-props.ts';

export function ForgotPasswordForm() {
  const forgotPassword = useSubmission(askForResetLink);
  const form = useForm({ initialValues: { email: '' }, validate: forgotPasswordProblems });
  const failure =
    forgotPassword.error && !(forgotPassword.error instanceof ApiError && forgotPassword.error.fields)
      ? forgotPassword.error
      : null;

  const submit = form.onSubmit((values) => {
    void forgotPassword.submit(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
      },
    });
  }, focusFirstError);

  const backToSignIn = (
    <Text size="sm" ta="center">
      Remembered it?{' '}
      <Anchor href={authPaths.login} fw={600}>
        Back to sign in
      </Anchor>
    </Text>
  );

  // The same answer whether or not the email has an account, so nobody learns who signed up.
  if (forgotPassword.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="huddle" variant="light" title="Check your email">
          {forgotPasswordMessage}
        </Alert>
        {backToSignIn}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="We could not send the link">
            {failure.message}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...requiredField}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={forgotPassword.isPending}>
          Send reset link
        </Button>
        {backToSignIn}
      </Stack>
    </form>
  );
}
