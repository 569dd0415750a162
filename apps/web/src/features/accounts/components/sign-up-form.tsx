import { signUpBody, type SignUpBody } from '@huddle/shared/accounts';
import { displayNameLength, passwordLength } from '@huddle/shared/limits';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignUp } from '../api/sign-up.ts';
import { authPaths, authPathWithReturnTo } from '../auth-paths.ts';
import { requiredField, visibilityToggleProps } from './field-props.ts';
import { SocialSignIn } from './social-sign-in.tsx';
import { focusFirstError } from '../../../lib/focus-first-error.ts';

interface SignUpFormProps {
  /** Kept on the link to sign-in, so a guard's returnTo survives switching forms. */
  returnTo: string | null;
  /** Where a social sign-in lands (the returnTo, else home). */
  socialReturnTo: string;
  onSignedUp: () => void;
}

export function SignUpForm({ returnTo, socialReturnTo, onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const [socialFailure, setSocialFailure] = useState<string | null>(null);
  const form = useForm<SignUpBody>({
    initialValues: { name: '', email: '', password: '' },
    validate: schemaResolver(signUpBody, { sync: true }),
  });
  // Field problems (an email already taken) go beside the field; the rest in the alert.
  const failure =
    socialFailure ??
    (signUp.error && !(signUp.error instanceof ApiError && signUp.error.fields) ? signUp.error.message : null);

  const submit = form.onSubmit((values) => {
    setSocialFailure(null);
    signUp.mutate(values, {
      onSuccess: onSignedUp,
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
      },
    });
  }, focusFirstError);

  // Spec §5: the display name shows a character counter.
  const nameLength = form.values.name.length;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="We could not create your account">
            {failure}
          </Alert>
        ) : null}
        <SocialSignIn
          returnTo={socialReturnTo}
          onFailure={(error) => {
            signUp.reset();
            setSocialFailure(error.message);
          }}
        />
        <TextInput
          label="Display name"
          description={`${nameLength}/${displayNameLength.max} characters. Other players see this name.`}
          autoComplete="name"
          {...requiredField}
          {...form.getInputProps('name')}
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
          description={`At least ${passwordLength.min} characters. A few words you will remember work well.`}
          autoComplete="new-password"
          {...requiredField}
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending}>
          Create account
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={authPathWithReturnTo(authPaths.login, returnTo)} fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
