import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { postPaths } from '@huddle/shared/posts';
import { Button } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PostFormModal } from './post-form-modal.tsx';

/** 'Write a post' for a signed-in person (the dialog); signed out, the way to sign in and come back. */
export function WritePostButton({
  signedIn,
  category,
  subcategory,
}: {
  signedIn: boolean;
  category?: string | undefined;
  subcategory?: string | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!signedIn) {
    return (
      <Button component={Link} to={authPathWithReturnTo(authPaths.login, pathname)} variant="default">
        Sign in to write a post
      </Button>
    );
  }
  return (
    <>
      <Button leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Write a post
      </Button>
      <PostFormModal
        opened={opened}
        onClose={() => setOpened(false)}
        post={null}
        category={category}
        subcategory={subcategory}
        onSaved={(post) => {
          setOpened(false);
          void navigate(postPaths.post(post));
        }}
      />
    </>
  );
}
