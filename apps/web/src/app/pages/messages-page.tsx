import { Anchor, Box, Grid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useConversation } from '../../features/messages/api/get-conversation.ts';
import { useConversations } from '../../features/messages/api/list-conversations.ts';
import { ConversationList } from '../../features/messages/components/conversation-list.tsx';
import { MessageSoundSwitch } from '../../features/messages/components/message-sound-switch.tsx';
import { MessageThread } from '../../features/messages/components/message-thread.tsx';
import { conversationPath, messagesPath } from '../../features/messages/messages-paths.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';
import { useSessionUser } from './session-user.ts';

function OpenThread({ conversationId, viewerId }: { conversationId: string; viewerId: string }) {
  const conversation = useConversation(conversationId);
  usePageName(conversation.isError ? notFoundPageName : null);
  if (conversation.isPending) {
    return (
      <Text c="dimmed" size="sm">
        Loading the conversation…
      </Text>
    );
  }
  if (conversation.isError) {
    return (
      <Text role="alert">
        {conversation.error instanceof ApiError && conversation.error.status === 404
          ? 'We could not find that conversation.'
          : conversation.error.message}
      </Text>
    );
  }
  return <MessageThread key={conversationId} conversation={conversation.data} viewerId={viewerId} />;
}

/** Spec §2 messages (guarded): the conversations, and the open one beside them (alone on a phone). */
export function Component() {
  const { conversationId } = useParams();
  const { user } = useSessionUser();
  const conversations = useConversations();
  if (!user) return null;
  // Header (60) and the shell's padding: the thread scrolls inside, the composer stays in view.
  const height = 'calc(100dvh - 60px - 2 * var(--app-shell-padding, 16px))';

  const list = (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Messages
      </Title>
      {conversations.isPending ? (
        <Text c="dimmed" size="sm">
          Loading conversations…
        </Text>
      ) : conversations.isError ? (
        <Text role="alert">{conversations.error.message}</Text>
      ) : (
        <ConversationList
          conversations={conversations.data.conversations}
          viewerId={user.id}
          activeId={conversationId}
          pathFor={conversationPath}
        />
      )}
      <MessageSoundSwitch />
    </Stack>
  );

  return (
    <Grid gap="lg" maw={1200}>
      <Grid.Col span={{ base: 12, sm: 4 }} display={{ base: conversationId ? 'none' : 'block', sm: 'block' }}>
        {list}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }} display={{ base: conversationId ? 'block' : 'none', sm: 'block' }}>
        {conversationId ? (
          <Box h={height} mih={420}>
            <Stack gap="xs" h="100%">
              <Anchor component={Link} to={messagesPath} size="sm" hiddenFrom="sm">
                <IconArrowLeft size={14} aria-hidden /> All conversations
              </Anchor>
              <Box style={{ flex: 1, minHeight: 0 }}>
                <OpenThread conversationId={conversationId} viewerId={user.id} />
              </Box>
            </Stack>
          </Box>
        ) : (
          <Text c="dimmed" visibleFrom="sm">
            Choose a conversation.
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
