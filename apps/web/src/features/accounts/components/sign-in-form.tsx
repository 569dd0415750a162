import { signInBody, signInErrorKindFor, signInErrorMessages, type SignInBody } from '@huddle/shared/accounts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { authPaths, authPathWithReturnTo } from '../auth-paths.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';

interface SignInFormProps {
  /** Kept on the link to sign-up, so a guard's returnTo survives switching forms. */
  returnTo: string | null;
  onSignedIn: () => void;
}

/** Spec §8: every sign-in failure is shown with the catalogue message for its kind. */
function failureMessage(error: Error): string {
  const kind = signInErrorKindFor(error instanceof ApiError ? error.code : 'INTERNAL');
  return signInErrorMessages[kind];
}

export function SignInForm({ returnTo, onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const form = useForm<SignInBody>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInBody, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {signIn.error ? (
          <Alert color="red" variant="light" title="Sign-in failed">
            {failureMessage(signIn.error)}
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
