import type { Message } from '@huddle/shared/messages';
import { ActionIcon, Box, Button, Group, Image, Menu, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteMessage, useEditMessage } from '../api/message-writes.ts';
import { clockTime } from '../message-times.ts';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

/** One message: the viewer's own on the right with Edit and Delete, others' on the left. */
export function MessageBubble({ message, own, showSender }: { message: Message; own: boolean; showSender: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.text);
  const edit = useEditMessage(message.conversationId);
  const remove = useDeleteMessage(message.conversationId);
  const deleted = message.deletedAt !== null;

  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" gap={4} align="flex-start">
      {own && !deleted && !editing && (
        <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Message actions">
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {message.text && (
              <Menu.Item
                onClick={() => {
                  setDraft(message.text);
                  setEditing(true);
                }}
              >
                Edit
              </Menu.Item>
            )}
            <Menu.Item color="red" onClick={() => remove.mutate(message.id)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="min(80%, 520px)"
        bg={own && !deleted ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        aria-label={`${own ? 'You' : message.sender.displayName}, ${clockTime(message.createdAt)}`}
        role="article"
      >
        <Stack gap={4}>
          {showSender && !own && (
            <Text size="xs" fw={700}>
              {message.sender.displayName}
            </Text>
          )}
          {deleted ? (
            <Text size="sm" fs="italic" c="dimmed">
              Message deleted
            </Text>
          ) : editing ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                edit.mutate({ messageId: message.id, text: draft }, { onSuccess: () => setEditing(false) });
              }}
            >
              <Stack gap={6}>
                <Textarea
                  label="Edit message"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  autosize
                  minRows={1}
                  maxRows={6}
                  error={edit.error?.message}
                  data-autofocus
                />
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                  <Button size="xs" type="submit" loading={edit.isPending} disabled={!draft.trim()}>
                    Save
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <>
              {message.imageUrl && (
                <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
                  <Image src={message.imageUrl} alt="Photo in the message" radius="md" maw={280} />
                </a>
              )}
              {message.text && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <LinkifiedText text={message.text} />
                </Text>
              )}
            </>
          )}
          <Box>
            <Text size="xs" c="dimmed" ta={own ? 'right' : 'left'}>
              {clockTime(message.createdAt)}
              {message.editedAt && !deleted ? ' · edited' : ''}
            </Text>
            {remove.error && <ErrorText size="xs">{remove.error.message}</ErrorText>}
          </Box>
        </Stack>
      </Paper>
    </Group>
  );
}
