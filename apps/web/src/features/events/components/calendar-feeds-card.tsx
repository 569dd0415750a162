import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCalendarFeeds } from '../api/list-calendar-feeds.ts';
import { useCreateCalendarFeed } from '../api/create-calendar-feed.ts';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed.ts';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/**
 * The viewer's private calendar feed URLs (issue 5): paste one into a calendar app and the
 * games follow, moved or cancelled. A URL is a secret; revoking it cuts off whoever holds it.
 */
export function CalendarFeedsCard() {
  const feeds = useCalendarFeeds();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const list = feeds.data?.feeds ?? [];

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Calendar links
      </Title>
      <Text size="sm" c="dimmed">
        Subscribe from Google Calendar, Apple Calendar or Outlook with a private link. Anyone with the link sees your
        games, so keep it to yourself; revoke it if it gets out.
      </Text>
      {feeds.isError && (
        <Alert color="red" role="alert">
          {feeds.error.message}
        </Alert>
      )}
      {list.length === 0 && feeds.isSuccess && <Text size="sm">You have no calendar links yet.</Text>}
      {list.map((feed) => {
        const name = feed.teamName ? `${feed.teamName} events` : 'My games';
        return (
          <Stack key={feed.id} gap={4}>
            <TextInput label={name} value={feed.url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group gap="xs">
              <CopyButton value={feed.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} aria-label={`Copy the link for ${name}`}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Revoke the link for ${name}`}
                loading={revoke.isPending && revoke.variables === feed.id}
                onClick={() =>
                  revoke.mutate(feed.id, {
                    onSuccess: () => notifications.show({ message: 'That link no longer works.' }),
                    onError: failed,
                  })
                }
              >
                Revoke
              </Button>
            </Group>
          </Stack>
        );
      })}
      <Button
        variant="default"
        loading={create.isPending}
        onClick={() => create.mutate(null, { onError: failed })}
        style={{ alignSelf: 'flex-start' }}
      >
        New feed for my games
      </Button>
    </Stack>
  );
}
