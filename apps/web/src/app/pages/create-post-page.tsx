import { postPaths } from '@huddle/shared/posts';
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PostFormModal } from '../../features/posts/components/post-form-modal.tsx';

/** create/post (signed in): the board's own post form, open at once; closing goes back to the hub. */
export function Component() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>New post</Title>
      <Text c="dimmed">Write a post for the community board.</Text>
      <PostFormModal
        opened
        onClose={() => void navigate('/create')}
        post={null}
        onSaved={(post) => void navigate(postPaths.post(post))}
      />
    </Stack>
  );
}
