import { postMessages } from '@huddle/shared/posts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { usePostList, type PostFilter } from '../api/list-posts.ts';
import { PostCard } from './post-card.tsx';

/** A list of post cards with the spec's states (§8): loading, none, and more on request. */
export function PostList({ filter, label }: { filter: PostFilter; label: string }) {
  const list = usePostList(filter);
  if (list.isPending) {
    return (
      <Text c="dimmed" role="status">
        {postMessages.loading}
      </Text>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" role="alert">
        {list.error.message}
      </Alert>
    );
  }
  const posts = list.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <Text c="dimmed">{postMessages.empty}</Text>;
  return (
    <Stack gap="md" component="section" aria-label={label}>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {list.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Show more posts
        </Button>
      ) : null}
    </Stack>
  );
}
