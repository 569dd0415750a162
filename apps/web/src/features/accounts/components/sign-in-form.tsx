import { signInBody, signInErrorKindFor, signInErrorMessages, type SignInBody } from '@huddle/shared/accounts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { authPaths, authPathWithReturnTo } from '../auth-paths.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';
import { SocialSignIn } from './social-sign-in.tsx';
import { focusFirstError } from '../../../lib/focus-first-error.ts';

interface SignInFormProps {
  /** Kept on the link to sign-up, so a guard's returnTo survives switching forms. */
  returnTo: string | null;
  /** Where a social sign-in lands (the returnTo, else home). */
  socialReturnTo: string;
  /** Why the last social sign-in failed, as the person reads it (from the login page's ?error=). */
  socialError?: string | null;
  onSignedIn: () => void;
}

/** Spec §8: every sign-in failure is shown with the catalogue message for its kind. */
function failureMessage(error: Error): string {
  const kind = signInErrorKindFor(error instanceof ApiError ? error.code : 'INTERNAL');
  return signInErrorMessages[kind];
}

export function SignInForm({ returnTo, socialReturnTo, socialError = null, onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const [socialFailure, setSocialFailure] = useState<string | null>(socialError);
  const form = useForm<SignInBody>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInBody, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setSocialFailure(null);
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
      },
    });
  }, focusFirstError);

  const failure = socialFailure ?? (signIn.error ? failureMessage(signIn.error) : null);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="Sign-in failed">
            {failure}
          </Alert>
        ) : null}
        <SocialSignIn
          returnTo={socialReturnTo}
          onFailure={(error) => {
            signIn.reset();
            setSocialFailure(failureMessage(error));
          }}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...requiredField}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...requiredField}
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={authPaths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
        <Text size="sm" ta="center">
          New to Huddle?{' '}
          <Anchor component={Link} to={authPathWithReturnTo(authPaths.signUp, returnTo)} fw={600}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
