import { postCategories, postMessages } from '@huddle/shared/posts';
import { Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { CategoryGrid } from '../../features/posts/components/category-grid.tsx';
import { PostList } from '../../features/posts/components/post-list.tsx';
import { PostSearchInput } from '../../features/posts/components/post-search-input.tsx';
import { WritePostButton } from '../../features/posts/components/write-post-button.tsx';
import { usePageName } from '../use-page-name.ts';

/** posts (spec §2, public): 'Community Posts', a search of the whole board, and the category grid. */
export function Component() {
  const signedIn = Boolean(useSession().data?.user);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  usePageName(postMessages.boardHeading);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{postMessages.boardHeading}</Title>
        <WritePostButton signedIn={signedIn} />
      </Group>
      <PostSearchInput label="Search posts" value={search} onChange={setSearch} />
      {q ? <PostList filter={{ q }} label={`Posts matching ${q}`} /> : null}
      <CategoryGrid categories={postCategories} />
    </Stack>
  );
}
