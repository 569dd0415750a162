import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isHomeBlockShown } from '../home-block-state.ts';
import type { HomeBlock as HomeBlockModel } from '../use-home-block.ts';
import { HomeBlockSkeleton } from './home-layout.tsx';

interface HomeBlockProps<T> {
  title: string;
  block: HomeBlockModel<T>;
  /** What an empty list (or a failed load: spec §8, no message) says. */
  empty: ReactNode;
  /** The page's "see all" link. */
  more?: { label: string; to: string };
  children: (items: T[]) => ReactNode;
}

/**
 * A home block (spec §2): its skeleton until it has been in the viewport and its data is
 * there, then the card. The outer section is always present: it is what the viewport sees.
 */
export function HomeBlock<T>({ title, block, empty, more, children }: HomeBlockProps<T>) {
  const { ref, state } = block;
  return (
    <section ref={ref} aria-label={title} aria-busy={!isHomeBlockShown(state)}>
      {isHomeBlockShown(state) ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={2} size="h4">
                {title}
              </Title>
              {more ? (
                <Anchor component={Link} to={more.to} size="sm">
                  {more.label}
                </Anchor>
              ) : null}
            </Group>
            {state.items.length > 0 ? (
              children(state.items)
            ) : (
              <Text size="sm" c="dimmed">
                {empty}
              </Text>
            )}
          </Stack>
        </Card>
      ) : (
        <HomeBlockSkeleton label={`Loading ${title.toLowerCase()}`} />
      )}
    </section>
  );
}
