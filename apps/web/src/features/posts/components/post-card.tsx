import { postMessages, postPaths, type PostSummary } from '@huddle/shared/posts';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PostedAt, PostMetaLine } from './post-meta-line.tsx';

/** Spec §2 post card: the title, the first 100 characters then dots, and 'View More'. */
export function PostCard({ post }: { post: PostSummary }) {
  const titleId = `post-${post.id}-title`;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Title order={3} size="h4" id={titleId}>
          {post.title}
        </Title>
        <PostMetaLine post={post} />
        <Text style={{ overflowWrap: 'anywhere' }}>{post.preview}</Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {post.replyCount === 1 ? '1 reply' : `${post.replyCount} replies`} · Posted{' '}
            <PostedAt instant={post.createdAt} />
          </Text>
          <Anchor component={Link} to={postPaths.post(post)} fw={600} aria-describedby={titleId}>
            {postMessages.viewMore}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
