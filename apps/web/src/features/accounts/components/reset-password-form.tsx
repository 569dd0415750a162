import { resetPasswordBody, passwordResetMessage } from '@huddle/shared/accounts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authPaths } from '../auth-paths.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';

/** The shared body's password rule, plus a second entry that must match; the token comes from the link. */
const resetPasswordFormSchema = resetPasswordBody
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match.',
  });
type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

/** Inside a red alert the link takes the alert's text colour: the brand green fails contrast there. */
function AskForNewLink({ inAlert = false }: { inAlert?: boolean }) {
  return (
    <Anchor
      component={Link}
      to={authPaths.forgotPassword}
      fw={600}
      {...(inAlert ? { c: 'inherit', underline: 'always' as const } : {})}
    >
      Ask for a new link
    </Anchor>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordFormValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });
  const error = resetPassword.error;
  const fieldErrors = error instanceof ApiError ? { ...error.fieldMessages } : {};
  // A problem with the token has no field on this form: it belongs in the alert.
  delete fieldErrors.token;
  const showAlert = error !== null && Object.keys(fieldErrors).length === 0;
  const linkIsBad = error instanceof ApiError && (error.code === 'INVALID_TOKEN' || Boolean(error.fields?.token));

  const submit = form.onSubmit(({ password }) => {
    resetPassword.mutate(
      { token, password },
      {
        onError: (failure) => {
          if (!(failure instanceof ApiError) || !failure.fields) return;
          const { token: _token, ...fields } = failure.fieldMessages;
          form.setErrors(fields);
        },
      },
    );
  }, focusFirstError);

  if (resetPassword.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="huddle" variant="light" title="Password changed">
          {passwordResetMessage}
        </Alert>
        <Button component={Link} to={authPaths.login} fullWidth>
          Go to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {showAlert ? (
          <Alert
            color="red"
            variant="light"
            title={linkIsBad ? 'This link cannot be used' : 'We could not change your password'}
          >
            <Stack gap={6}>
              <span>{error.message}</span>
              {linkIsBad ? (
                <span>
                  <AskForNewLink inAlert />
                </span>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          {...requiredField}
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...requiredField}
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={resetPassword.isPending}>
          Set new password
        </Button>
        {linkIsBad ? null : (
          <Text size="sm" ta="center">
            Link not working? <AskForNewLink />
          </Text>
        )}
      </Stack>
    </form>
  );
}
