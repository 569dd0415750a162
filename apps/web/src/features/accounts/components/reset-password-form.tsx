import { resetPasswordProblems } from '@huddle/shared/account-fields';
import { passwordResetMessage } from '@huddle/shared/account-messages';
import { authPaths } from '@huddle/shared/auth-pages';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { resetPassword as setNewPassword } from '../api/reset-password.ts';
import { useSubmission } from '../use-submission.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';

/** Inside a red alert the link takes the alert's text colour: the brand green fails contrast there. */
function AskForNewLink({ inAlert = false }: { inAlert?: boolean }) {
  return (
    <Anchor
      href={authPaths.forgotPassword}
      fw={600}
      {...(inAlert ? { c: 'inherit', underline: 'always' as const } : {})}
    >
      Ask for a new link
    </Anchor>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useSubmission(setNewPassword);
  // The password's own rules, and a second entry that must match; the token comes from the link.
  const form = useForm({ initialValues: { password: '', confirmPassword: '' }, validate: resetPasswordProblems });
  const error = resetPassword.error;
  const fieldErrors = error instanceof ApiError ? { ...error.fieldMessages } : {};
  // A problem with the token has no field on this form: it belongs in the alert.
  delete fieldErrors.token;
  const showAlert = error !== null && Object.keys(fieldErrors).length === 0;
  const linkIsBad = error instanceof ApiError && (error.code === 'INVALID_TOKEN' || Boolean(error.fields?.token));

  const submit = form.onSubmit(({ password }) => {
    void resetPassword.submit(
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
        <Button component="a" href={authPaths.login} fullWidth>
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
