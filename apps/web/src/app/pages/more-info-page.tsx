import { Card, Stack, Text, Title } from '@mantine/core';
import { ProfileForm } from '../../features/profiles/components/profile-form.tsx';
import { useFinishSetup, useSessionUser } from './session-user.ts';

/** Spec §2: the first-time 'More Information' screen, the profile form in setup mode. */
export function Component() {
  const { user, setUser } = useSessionUser();
  const finishSetup = useFinishSetup();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Stack gap={4}>
        <Title order={1}>More Information</Title>
        <Text c="dimmed">Tell other players a little about you. You can change all of it later in Settings.</Text>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <ProfileForm
          user={user}
          onUserUpdated={setUser}
          onSaved={(saved, wasNew) => {
            setUser(saved);
            if (wasNew) finishSetup();
          }}
        />
      </Card>
    </Stack>
  );
}
