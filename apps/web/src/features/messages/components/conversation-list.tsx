import type { Conversation } from '@huddle/shared/messages';
import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSpeakerphone, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { listTime } from '../message-times.ts';

function preview(conversation: Conversation, viewerId: string): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const body = last.deleted ? 'Message deleted' : last.text || (last.hasImage ? 'Photo' : '');
  if (last.senderId === viewerId) return `You: ${body}`;
  return conversation.kind === 'direct' ? body : `${last.senderName}: ${body}`;
}

/** Spec §2 messages: every conversation with its last message, time and unread count. */
export function ConversationList({
  conversations,
  viewerId,
  activeId,
  pathFor,
}: {
  conversations: Conversation[];
  viewerId: string;
  activeId: string | undefined;
  pathFor: (conversationId: string) => string;
}) {
  if (conversations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No conversations yet. Start one from a player’s profile, a game or a team.
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Conversations">
      {conversations.map((conversation) => {
        const active = conversation.id === activeId;
        return (
          <li key={conversation.id}>
            <UnstyledButton
              component={Link}
              to={pathFor(conversation.id)}
              aria-current={active ? 'page' : undefined}
              p="sm"
              w="100%"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: active ? 'var(--mantine-color-default-hover)' : undefined,
                display: 'block',
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={conversation.photoURL} alt="" radius="xl">
                  {conversation.kind === 'direct' ? null : <IconUsersGroup size={20} aria-hidden />}
                </Avatar>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={conversation.unreadCount > 0 ? 700 : 600} size="sm" truncate>
                      {conversation.title}
                    </Text>
                    {conversation.lastMessage && (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {listTime(conversation.lastMessage.createdAt)}
                      </Text>
                    )}
                  </Group>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" c="dimmed" truncate>
                      {conversation.announcementsOnly && <IconSpeakerphone size={14} aria-label="Announcements" />}{' '}
                      {preview(conversation, viewerId)}
                    </Text>
                    {conversation.unreadCount > 0 && (
                      <Badge
                        size="sm"
                        circle={conversation.unreadCount < 10}
                        aria-label={`${conversation.unreadCount} unread`}
                      >
                        {conversation.unreadCount}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
