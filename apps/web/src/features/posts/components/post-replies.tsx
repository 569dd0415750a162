import type { PostReplyItem } from '@huddle/shared/posts';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { PostedAt } from './post-meta-line.tsx';
import { ReplyBox } from './reply-box.tsx';

function ReplyItem({ reply }: { reply: PostReplyItem }) {
  return (
    <Group
      gap="sm"
      align="flex-start"
      wrap="nowrap"
      component="article"
      aria-label={`Reply by ${reply.author.displayName}`}
    >
      <Avatar src={reply.author.photoURL} alt="" size={32} radius="xl" />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm">
          <Text span fw={600} size="sm">
            {reply.author.displayName}
          </Text>{' '}
          <Text span c="dimmed" size="xs">
            <PostedAt instant={reply.createdAt} />
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkifiedText text={reply.text} />
        </Text>
      </Stack>
    </Group>
  );
}

/** The replies, one level of threads: each top-level reply with the answers to it, and a Reply button. */
export function PostReplies({
  postId,
  replies,
  canReply,
}: {
  postId: string;
  replies: PostReplyItem[];
  canReply: boolean;
}) {
  const [openThread, setOpenThread] = useState<string | null>(null);
  const threads = replies.filter((reply) => reply.parentId === null);
  if (threads.length === 0) return <Text c="dimmed">No replies yet.</Text>;
  return (
    <Stack gap="md">
      {threads.map((thread) => (
        <Stack key={thread.id} gap="xs">
          <ReplyItem reply={thread} />
          <Stack gap="xs" pl={{ base: 'md', sm: 'xl' }}>
            {replies
              .filter((reply) => reply.parentId === thread.id)
              .map((answer) => (
                <ReplyItem key={answer.id} reply={answer} />
              ))}
            {canReply ? (
              openThread === thread.id ? (
                <ReplyBox
                  postId={postId}
                  parentId={thread.id}
                  label={`Reply to ${thread.author.displayName}`}
                  onDone={() => setOpenThread(null)}
                />
              ) : (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => setOpenThread(thread.id)}
                  aria-label={`Reply to ${thread.author.displayName}`}
                >
                  Reply
                </Button>
              )
            ) : null}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
