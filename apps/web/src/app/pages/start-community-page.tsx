import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** start/community (spec §2, guarded): why and how to start a community, into the create flow. */
export function Component() {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Start a community on Huddle</Title>
      <Text>
        A community gathers everyone who plays a sport in your area: regulars, newcomers and substitutes. You run the
        games and seasons; Huddle keeps the roster, the sign-ups and the messages in one place.
      </Text>
      <Title order={2} size="h3">
        How it works
      </Title>
      <List spacing="xs">
        <List.Item>Create the community: a name, a sport, your city, who can join.</List.Item>
        <List.Item>Invite people with a link or by email; they join in one click.</List.Item>
        <List.Item>Run seasons with groups and weekly sessions; people register until the season is full.</List.Item>
        <List.Item>Share the organizing: make trusted members organizers, or hand the community over.</List.Item>
      </List>
      <Text c="dimmed">Every community starts on the free Rookie plan.</Text>
      <Button component={Link} to="/teams/create" style={{ alignSelf: 'flex-start' }}>
        Create your community
      </Button>
    </Stack>
  );
}
