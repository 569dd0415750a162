import { postMessages, postPaths, type PostCategory } from '@huddle/shared/posts';
import { Anchor, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The board's fixed categories (spec §3), each with its subcategories. */
export function CategoryGrid({ categories }: { categories: readonly PostCategory[] }) {
  if (categories.length === 0) return <Text c="dimmed">{postMessages.noCategories}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {categories.map((category) => (
        <Card key={category.slug} withBorder radius="lg" padding="lg" component="section">
          <Title order={2} size="h4" mb="xs">
            <Anchor component={Link} to={postPaths.category(category.slug)} c="inherit">
              {category.name}
            </Anchor>
          </Title>
          <List listStyleType="none" spacing={4} aria-label={`${category.name} subcategories`}>
            {category.subcategories.map((sub) => (
              <List.Item key={sub.slug}>
                <Anchor component={Link} to={postPaths.subcategory(category.slug, sub.slug)} size="sm">
                  {sub.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </SimpleGrid>
  );
}
