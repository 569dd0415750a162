import { Card, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { AmbassadorForm } from '../../features/teams/components/ambassador-form.tsx';

/** start/ambassador (spec §2, public): apply to help grow Huddle in your city. */
export function Component() {
  const user = useSession().data?.user;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Become a Huddle ambassador</Title>
      <Text>
        Ambassadors start communities in their city, welcome new players and tell us what organizers need. Tell us about
        yourself; we answer every application by email.
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <AmbassadorForm
          defaults={{ fullName: user?.fullName ?? '', email: user?.email ?? '', city: user?.defaultCity?.name ?? '' }}
        />
      </Card>
    </Stack>
  );
}
