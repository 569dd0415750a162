import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { findPostCategory, findPostSubcategory, postMessages, postPaths } from '@huddle/shared/posts';
import {
  Alert,
  Anchor,
  Avatar,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LinkifiedText } from '../../components/ui/linkified-text.tsx';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { useDeletePost } from '../../features/posts/api/delete-post.ts';
import { usePost } from '../../features/posts/api/get-post.ts';
import { PostFormModal } from '../../features/posts/components/post-form-modal.tsx';
import { PostedAt, PostMetaLine } from '../../features/posts/components/post-meta-line.tsx';
import { PostReplies } from '../../features/posts/components/post-replies.tsx';
import { ReplyBox } from '../../features/posts/components/reply-box.tsx';
import { ReportPostModal } from '../../features/posts/components/report-post-modal.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/** posts/{category}/{subcategory}/{postId} (spec §2, public): the post, its replies and a reply box. */
export function Component() {
  const { category = '', subcategory = '', postId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession().data?.user ?? null;
  const view = usePost(postId);
  const remove = useDeletePost(postId);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const missing = view.error instanceof ApiError && (view.error.code === 'NOT_FOUND' || view.error.status === 400);
  usePageName(missing ? notFoundPageName : view.data?.title);

  if (view.isPending) {
    return (
      <Text c="dimmed" role="status">
        {postMessages.loading}
      </Text>
    );
  }
  if (view.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{postMessages.notFound}</Title>
        <Text>{missing ? 'This post does not exist or was deleted.' : view.error.message}</Text>
        <Anchor component={Link} to={postPaths.subcategory(category, subcategory)} fw={600}>
          {postMessages.boardHeading}
        </Anchor>
      </Stack>
    );
  }
  const post = view.data;
  const categoryName = findPostCategory(post.category)?.name ?? post.category;
  const subcategoryName = findPostSubcategory(post.category, post.subcategory)?.name ?? post.subcategory;
  const signIn = authPathWithReturnTo(authPaths.login, pathname);

  return (
    <Stack gap="lg" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={postPaths.board}>
          {postMessages.boardHeading}
        </Anchor>
        <Anchor component={Link} to={postPaths.category(post.category)}>
          {categoryName}
        </Anchor>
        <Anchor component={Link} to={postPaths.subcategory(post.category, post.subcategory)}>
          {subcategoryName}
        </Anchor>
      </Breadcrumbs>
      <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby="post-title">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar src={post.author.photoURL} alt="" radius="xl" />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={1} size="h2" id="post-title" style={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Title>
              <PostMetaLine post={post} />
              <Text size="xs" c="dimmed">
                Posted <PostedAt instant={post.createdAt} />
                {post.editedAt ? ' · Edited' : ''}
              </Text>
            </Stack>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LinkifiedText text={post.text} />
          </Text>
          {post.photos.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {post.photos.map((url, index) => (
                <Image key={url} src={url} alt={`Photo ${index + 1} of ${post.title}`} radius="md" />
              ))}
            </SimpleGrid>
          ) : null}
          <Group gap="xs">
            {post.mine ? (
              <>
                <Button variant="default" onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <Button variant="default" color="red" onClick={() => setConfirmingDelete(true)}>
                  Delete
                </Button>
              </>
            ) : user ? (
              <Button variant="subtle" color="red" disabled={post.reportedByMe} onClick={() => setReporting(true)}>
                {post.reportedByMe ? 'Reported' : 'Report'}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>

      <Stack gap="md" component="section" aria-labelledby="replies-heading">
        <Title order={2} size="h3" id="replies-heading">
          Replies
        </Title>
        <PostReplies postId={post.id} replies={post.replies} canReply={user !== null} />
        {user ? (
          <ReplyBox postId={post.id} parentId={null} label="Your reply" />
        ) : (
          <Button component={Link} to={signIn} variant="default" style={{ alignSelf: 'flex-start' }}>
            Sign in to reply
          </Button>
        )}
      </Stack>

      {post.mine ? (
        <>
          <PostFormModal
            opened={editing}
            onClose={() => setEditing(false)}
            post={post}
            onSaved={(saved) => {
              setEditing(false);
              if (saved.category !== post.category || saved.subcategory !== post.subcategory)
                void navigate(postPaths.post(saved), { replace: true });
            }}
          />
          <Modal opened={confirmingDelete} onClose={() => setConfirmingDelete(false)} title="Delete this post?">
            <Stack gap="md">
              <Text>It leaves the board with its replies. This cannot be undone.</Text>
              {remove.error ? (
                <Alert color="red" role="alert">
                  {remove.error.message}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                  Cancel
                </Button>
                <Button
                  color="red"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(undefined, {
                      onSuccess: () => {
                        notifications.show({ color: 'huddle', message: postMessages.deleted });
                        void navigate(postPaths.subcategory(post.category, post.subcategory), { replace: true });
                      },
                    })
                  }
                >
                  Delete post
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      ) : (
        <ReportPostModal postId={post.id} opened={reporting} onClose={() => setReporting(false)} />
      )}
    </Stack>
  );
}
