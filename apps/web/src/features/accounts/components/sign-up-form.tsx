import { signUpProblems } from '@huddle/shared/account-fields';
import type { SocialProviderId } from '@huddle/shared/account-messages';
import { authPaths, authPathWithReturnTo, type AuthFormState } from '@huddle/shared/auth-pages';
import { displayNameLength, passwordLength } from '@huddle/shared/limits';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { signUp } from '../api/sign-up.ts';
import { apiErrorOf, firstFieldInError, useValuesTypedBeforeHydration } from '../form-state-from-server.ts';
import { useSubmission } from '../use-submission.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';
import { SocialSignIn } from './social-sign-in.tsx';

interface SignUpFormProps {
  /** Kept on the link to sign-in, so a guard's returnTo survives switching forms. */
  returnTo: string | null;
  /** Where a social sign-in lands (the returnTo, else home). */
  socialReturnTo: string;
  socialProviders: readonly SocialProviderId[];
  onSignedUp: () => void;
  /** A failed sign-up sent without JavaScript (issue 33): the form starts with what was typed and the messages. */
  formState?: AuthFormState | null;
}

/** The form's fields, top to bottom. */
const fieldOrder = ['name', 'email', 'password'] as const;

export function SignUpForm({
  returnTo,
  socialReturnTo,
  socialProviders,
  onSignedUp,
  formState = null,
}: SignUpFormProps) {
  const submission = useSubmission(signUp, apiErrorOf(formState));
  const [socialFailure, setSocialFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: formState?.values.name ?? '', email: formState?.values.email ?? '', password: '' },
    initialErrors: formState?.fieldErrors ?? {},
    validate: signUpProblems,
  });
  const formElement = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(formElement, fieldOrder, (typed) => form.setValues(typed));
  const startIn = firstFieldInError(formState, fieldOrder);
  // Field problems (an email already taken) go beside the field; the rest in the alert.
  const { error } = submission;
  const failure = socialFailure ?? (error && !(error instanceof ApiError && error.fields) ? error.message : null);

  const submit = form.onSubmit((values) => {
    setSocialFailure(null);
    void submission.submit(values, {
      onSuccess: onSignedUp,
      onError: (failed) => {
        if (failed instanceof ApiError && failed.fields) form.setErrors(failed.fieldMessages);
      },
    });
  }, focusFirstError);

  // Spec §5: the display name shows a character counter.
  const nameLength = form.values.name.length;

  return (
    // method and action: the server's markup creates the account before the scripts run, or without them (issue 33).
    <form
      ref={formElement}
      method="post"
      action={authPathWithReturnTo(authPaths.signUp, returnTo)}
      onSubmit={submit}
      noValidate
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="We could not create your account">
            {failure}
          </Alert>
        ) : null}
        <SocialSignIn
          providers={socialProviders}
          returnTo={socialReturnTo}
          onFailure={(failed) => {
            submission.reset();
            setSocialFailure(failed.message);
          }}
        />
        <TextInput
          label="Display name"
          description={`${nameLength}/${displayNameLength.max} characters. Other players see this name.`}
          autoComplete="name"
          name="name"
          autoFocus={startIn === 'name'}
          {...requiredField}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          name="email"
          autoFocus={startIn === 'email'}
          {...requiredField}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${passwordLength.min} characters. A few words you will remember work well.`}
          autoComplete="new-password"
          name="password"
          autoFocus={startIn === 'password'}
          {...requiredField}
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('password')}
        />
        {/* Still busy after success: the browser is on its way to the app. */}
        <Button type="submit" fullWidth loading={submission.isPending || submission.isSuccess}>
          Create account
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor href={authPathWithReturnTo(authPaths.login, returnTo)} fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
