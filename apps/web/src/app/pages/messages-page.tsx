import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
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
import classes from './messages-page.module.css';
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
    <div className={classes.layout} data-thread-open={conversationId ? '' : undefined}>
      <div className={classes.listColumn}>{list}</div>
      <div className={classes.threadColumn}>
        {conversationId ? (
          <>
            <Anchor component={Link} to={messagesPath} size="sm" hiddenFrom="sm">
              <IconArrowLeft size={14} aria-hidden /> All conversations
            </Anchor>
            <Box style={{ flex: 1, minHeight: 0 }}>
              <OpenThread conversationId={conversationId} viewerId={user.id} />
            </Box>
          </>
        ) : (
          <Text c="dimmed">Choose a conversation.</Text>
        )}
      </div>
    </div>
  );
}
