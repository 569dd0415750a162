import type { Conversation } from '@huddle/shared/messages';
import { Alert, Anchor, Avatar, Box, Button, Divider, Group, Menu, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDots, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useUpdateConversation } from '../api/get-conversation.ts';
import { messagesOf, useThread } from '../api/list-messages.ts';
import { messageKeys } from '../api/message-query-keys.ts';
import { markConversationRead } from '../api/message-writes.ts';
import { dayKey, dayLabel } from '../message-times.ts';
import { usePendingMessages } from '../pending-messages.ts';
import { useSendMessage } from '../use-send-message.ts';
import { MessageBubble } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

function linkOf(conversation: Conversation): string | null {
  if (conversation.otherPerson) return `/profile/${conversation.otherPerson.id}`;
  if (conversation.teamId) return `/team/${conversation.teamId}`;
  if (conversation.eventId) return `/evt/${conversation.eventId}`;
  return null;
}

function ThreadHeader({ conversation }: { conversation: Conversation }) {
  const update = useUpdateConversation(conversation.id);
  const link = linkOf(conversation);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={conversation.photoURL} alt="" radius="xl">
            {conversation.kind === 'direct' ? null : <IconUsersGroup size={20} aria-hidden />}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>
              {link ? (
                <Anchor component={Link} to={link} c="inherit">
                  {conversation.title}
                </Anchor>
              ) : (
                conversation.title
              )}
            </Title>
            {conversation.otherPerson?.online && <Text size="xs">● Online</Text>}
            {conversation.kind !== 'direct' && (
              <Text size="xs" c="dimmed">
                {conversation.kind === 'team' ? 'Every member' : 'Everyone in this game'}
                {conversation.announcementsOnly ? ' · announcements only' : ''}
              </Text>
            )}
          </Box>
        </Group>
        <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button variant="default" size="xs" rightSection={<IconDots size={14} aria-hidden />}>
              Options
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => update.mutate({ muted: !conversation.muted })}>
              {conversation.muted ? 'Unmute' : 'Mute'}
            </Menu.Item>
            {conversation.kind === 'direct' && (
              <Menu.Item
                color={conversation.blocked ? undefined : 'red'}
                onClick={() => update.mutate({ blocked: !conversation.blocked })}
              >
                {conversation.blocked ? `Unblock ${conversation.title}` : `Block ${conversation.title}`}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {conversation.canManage && (
        <Switch
          size="sm"
          label="Announcements only (only organizers post)"
          checked={conversation.announcementsOnly}
          onChange={(event) => update.mutate({ announcementsOnly: event.currentTarget.checked })}
        />
      )}
      {update.error && <ErrorText>{update.error.message}</ErrorText>}
    </Stack>
  );
}

/**
 * A conversation: header, messages with day separators (older ones by cursor), the messages
 * still being sent, and the composer, or why the viewer cannot write. Reading it marks it read.
 */
export function MessageThread({ conversation, viewerId }: { conversation: Conversation; viewerId: string }) {
  const queryClient = useQueryClient();
  const thread = useThread(conversation.id);
  const messages = messagesOf(thread.data);
  const pending = usePendingMessages(conversation.id);
  const { send, retry } = useSendMessage(conversation.id);
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1);
  const newestFromOthers = [...messages].reverse().find((message) => message.sender.id !== viewerId)?.id;

  // Opening the thread, and every message that arrives while it is open and seen, marks it read.
  useEffect(() => {
    if (!newestFromOthers) return;
    const markRead = () => {
      if (document.visibilityState !== 'visible') return;
      void markConversationRead(conversation.id)
        .then((reply) => {
          queryClient.setQueryData(messageKeys.unread, reply);
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
        })
        .catch(() => undefined);
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [conversation.id, newestFromOthers, queryClient]);

  // Keep the newest in view when one arrives or is sent (not when older ones load above).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest?.id, pending.length]);

  return (
    <Stack gap="sm" h="100%">
      <ThreadHeader conversation={conversation} />
      <Divider />
      <Box
        ref={scroller}
        style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
        aria-label="Messages"
        role="log"
        aria-live="polite"
        tabIndex={0}
      >
        <Stack gap={6} p={2}>
          {thread.hasNextPage && (
            <Group justify="center">
              <Button
                variant="subtle"
                size="xs"
                loading={thread.isFetchingNextPage}
                onClick={() => void thread.fetchNextPage()}
              >
                Load older messages
              </Button>
            </Group>
          )}
          {thread.isPending && (
            <Text size="sm" c="dimmed">
              Loading messages…
            </Text>
          )}
          {thread.isError && <ErrorText>{thread.error.message}</ErrorText>}
          {!thread.isPending && messages.length === 0 && pending.length === 0 && (
            <Text size="sm" c="dimmed" ta="center">
              No messages yet. Say hello!
            </Text>
          )}
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <Divider
                    label={dayLabel(message.createdAt)}
                    labelPosition="center"
                    role="separator"
                    aria-label={dayLabel(message.createdAt)}
                  />
                )}
                <MessageBubble
                  message={message}
                  own={message.sender.id === viewerId}
                  showSender={conversation.kind !== 'direct'}
                />
              </Fragment>
            );
          })}
          {pending.map((item) => (
            <Group key={item.clientId} justify="flex-end">
              <Stack gap={2} align="flex-end" maw="min(80%, 520px)">
                <Box
                  px="sm"
                  py={6}
                  style={{
                    borderRadius: 'var(--mantine-radius-lg)',
                    background: 'var(--mantine-primary-color-light)',
                    opacity: item.status === 'sending' ? 0.7 : 1,
                  }}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {item.text || 'Photo'}
                  </Text>
                </Box>
                {item.status === 'sending' ? (
                  <Text size="xs" c="dimmed" role="status">
                    Sending…
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <ErrorText size="xs">Not sent. {item.error}</ErrorText>
                    <Button size="compact-xs" variant="light" onClick={() => void retry(item)}>
                      Retry
                    </Button>
                  </Group>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      </Box>
      {!conversation.canPost && (
        <Alert color="gray" role="status">
          {conversation.cannotPostReason}
        </Alert>
      )}
      {/* Kept (disabled) when writing stops meanwhile, so a half-written text is not lost. */}
      <MessageComposer
        conversationId={conversation.id}
        disabled={!conversation.canPost}
        onSend={(text, imageUrl) => void send(text, imageUrl)}
      />
    </Stack>
  );
}
