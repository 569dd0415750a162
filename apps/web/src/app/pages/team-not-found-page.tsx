import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** team-not-found (spec §2): a team that does not exist or that the viewer may not see. */
export function Component() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Team not found</Title>
      <Text>
        This team does not exist any more, or it is private and you are not a member. Ask an organizer for an invitation
        link.
      </Text>
      <Button component={Link} to="/my-communities" style={{ alignSelf: 'flex-start' }}>
        Your Communities
      </Button>
    </Stack>
  );
}
