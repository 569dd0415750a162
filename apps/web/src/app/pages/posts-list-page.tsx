import { findPostCategory, findPostSubcategory, postMessages, postPaths } from '@huddle/shared/posts';
import { Anchor, Breadcrumbs, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ChoiceChips } from '../../components/ui/choice-chips.tsx';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { PostList } from '../../features/posts/components/post-list.tsx';
import { PostSearchInput } from '../../features/posts/components/post-search-input.tsx';
import { WritePostButton } from '../../features/posts/components/write-post-button.tsx';
import { usePageName } from '../use-page-name.ts';
import { Component as NotFoundPage } from './not-found-page.tsx';

/**
 * posts/{category} and posts/{category}/{subcategory} (spec §2, public): the posts under
 * 'Posts in {category} - {subcategory}'. A category alone lists all its subcategories' posts
 * (decision 042), with the subcategories to narrow it.
 */
export function Component() {
  const { category: categorySlug = '', subcategory: subcategorySlug } = useParams();
  const signedIn = Boolean(useSession().data?.user);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const category = findPostCategory(categorySlug);
  const subcategory = subcategorySlug ? findPostSubcategory(categorySlug, subcategorySlug) : undefined;
  const missing = !category || (subcategorySlug !== undefined && !subcategory);
  const heading = missing
    ? undefined
    : subcategory
      ? postMessages.listHeading(category.name, subcategory.name)
      : `Posts in ${category.name}`;
  usePageName(heading);

  // A category or subcategory that does not exist (by slug or name: the route's loader sends
  // names on to slugs) is an address that leads nowhere: the not-found page, and no list message.
  if (missing || !heading) return <NotFoundPage />;
  return (
    <Stack gap="lg" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={postPaths.board}>
          {postMessages.boardHeading}
        </Anchor>
        {subcategory ? (
          <Anchor component={Link} to={postPaths.category(category.slug)}>
            {category.name}
          </Anchor>
        ) : null}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{heading}</Title>
        <WritePostButton signedIn={signedIn} category={category.slug} subcategory={subcategory?.slug} />
      </Group>
      <ChoiceChips
        label="Subcategories"
        labelHidden
        wrap
        variant="outline"
        value={subcategory?.slug ?? ''}
        choices={[
          { value: '', label: 'All' },
          ...category.subcategories.map((sub) => ({ value: sub.slug, label: sub.name })),
        ]}
        onChange={(value) =>
          void navigate(value ? postPaths.subcategory(category.slug, value) : postPaths.category(category.slug))
        }
      />
      <PostSearchInput label={`Search in ${category.name}`} value={search} onChange={setSearch} />
      <PostList
        filter={{ category: category.slug, ...(subcategory && { subcategory: subcategory.slug }), ...(q && { q }) }}
        label={heading}
      />
    </Stack>
  );
}
