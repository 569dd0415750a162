import { signInProblems } from '@huddle/shared/account-fields';
import { signInErrorKindFor, signInErrorMessages, type SocialProviderId } from '@huddle/shared/account-messages';
import { authPaths, authPathWithReturnTo, type AuthFormState } from '@huddle/shared/auth-pages';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { signIn } from '../api/sign-in.ts';
import { apiErrorOf, firstFieldInError, useValuesTypedBeforeHydration } from '../form-state-from-server.ts';
import { useSubmission } from '../use-submission.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import { UnverifiedSignIn } from './unverified-sign-in.tsx';

interface SignInFormProps {
  /** Kept on the link to sign-up, so a guard's returnTo survives switching forms. */
  returnTo: string | null;
  /** Where a social sign-in lands (the returnTo, else home). */
  socialReturnTo: string;
  socialProviders: readonly SocialProviderId[];
  /** Why the last social sign-in failed, as the person reads it (from the login page's ?error=). */
  socialError?: string | null;
  onSignedIn: () => void;
  /** A failed sign-in sent without JavaScript (issue 33): the form starts with its email and messages. */
  formState?: AuthFormState | null;
}

/**
 * Spec §8: every sign-in failure is shown with the catalogue message for its kind. One addition
 * (issue 17): a disabled account gets the server's own message, so its owner knows why. An
 * unverified email (kind NoPasswordSet) has its own notice with a way out: UnverifiedSignIn.
 */
/** The form's fields, top to bottom. */
const fieldOrder = ['email', 'password'] as const;

function failureMessage(error: Error): string {
  if (error instanceof ApiError && error.code === 'FORBIDDEN') return error.message;
  const kind = signInErrorKindFor(error instanceof ApiError ? error.code : 'INTERNAL');
  return signInErrorMessages[kind];
}

export function SignInForm({
  returnTo,
  socialReturnTo,
  socialProviders,
  socialError = null,
  onSignedIn,
  formState = null,
}: SignInFormProps) {
  const submission = useSubmission(signIn, apiErrorOf(formState));
  const [socialFailure, setSocialFailure] = useState<string | null>(socialError);
  // What the last sign-in sent: a refusal for an unverified email resends the link with it.
  const [submitted, setSubmitted] = useState<{ email: string; password: string } | null>(null);
  const form = useForm({
    initialValues: { email: formState?.values.email ?? '', password: '' },
    initialErrors: formState?.fieldErrors ?? {},
    validate: signInProblems,
  });
  const formElement = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(formElement, fieldOrder, (typed) => form.setValues(typed));
  const startIn = firstFieldInError(formState, fieldOrder);

  const submit = form.onSubmit((values) => {
    setSocialFailure(null);
    setSubmitted(values);
    void submission.submit(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
      },
    });
  }, focusFirstError);

  const unverified =
    socialFailure === null && submission.error instanceof ApiError && submission.error.code === 'EMAIL_NOT_VERIFIED';
  const failure = socialFailure ?? (submission.error && !unverified ? failureMessage(submission.error) : null);

  return (
    // method and action: the server's markup signs in before the scripts run, or without them (issue 33).
    <form
      ref={formElement}
      method="post"
      action={authPathWithReturnTo(authPaths.login, returnTo)}
      onSubmit={submit}
      noValidate
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="Sign-in failed">
            {failure}
          </Alert>
        ) : null}
        {unverified ? <UnverifiedSignIn key={submitted?.email ?? ''} credentials={submitted} /> : null}
        <PasskeySignIn
          withSeparator={socialProviders.length === 0}
          onStart={() => {
            submission.reset();
            setSocialFailure(null);
          }}
          onFailure={(message) => {
            submission.reset();
            setSocialFailure(message);
          }}
          onSignedIn={onSignedIn}
        />
        <SocialSignIn
          providers={socialProviders}
          returnTo={socialReturnTo}
          onFailure={(error) => {
            submission.reset();
            setSocialFailure(failureMessage(error));
          }}
        />
        <TextInput
          label="Email"
          type="email"
          // "webauthn": the browser offers the person's passkeys in this field's suggestions (decision 078).
          autoComplete="username webauthn"
          inputMode="email"
          name="email"
          autoFocus={startIn === 'email'}
          {...requiredField}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          name="password"
          autoFocus={startIn === 'password'}
          {...requiredField}
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor href={authPaths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        {/* Still busy after success: the browser is on its way to the app. */}
        <Button type="submit" fullWidth loading={submission.isPending || submission.isSuccess}>
          Sign in
        </Button>
        <Text size="sm" ta="center">
          New to Huddle?{' '}
          <Anchor href={authPathWithReturnTo(authPaths.signUp, returnTo)} fw={600}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
