import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isHomeBlockShown } from '../home-block-state.ts';
import { useHomeBlock, type HomeBlockQuery } from '../use-home-block.ts';
import { homeBlockClasses, HomeBlockSkeleton } from './home-layout.tsx';

interface HomeBlockProps<T> {
  title: string;
  /** What the block loads once it is in view. */
  query: HomeBlockQuery<T>;
  /** What an empty list (or a failed load: spec §8, no message) says. */
  empty: ReactNode;
  /** The page's "see all" link. */
  more?: { label: string; to: string };
  children: (items: T[]) => ReactNode;
}

/**
 * A home block (spec §2, §4): its skeleton until it has been in the viewport and its data is
 * there, then the card, at the skeleton's height (the list scrolls inside), so loading moves
 * nothing on the page. A failed load shows the empty text (spec §8: no message) and "Try again".
 * The outer section is always present: it is what the viewport sees.
 */
export function HomeBlock<T>({ title, query, empty, more, children }: HomeBlockProps<T>) {
  // The block asks for its own data: its answer (or its coming into view) renders this block,
  // not home's other blocks (each such render is a task on a phone's main thread).
  const block = useHomeBlock(query);
  const { ref, state } = block;
  return (
    <section ref={ref} aria-label={title} aria-busy={!isHomeBlockShown(state)} className={homeBlockClasses.block}>
      {isHomeBlockShown(state) ? (
        <Card withBorder radius="lg" padding="md" className={homeBlockClasses.card}>
          <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
            <Title order={2} size="h4">
              {title}
            </Title>
            {more ? (
              <Anchor component={Link} to={more.to} size="sm">
                {more.label}
              </Anchor>
            ) : null}
          </Group>
          <div className={homeBlockClasses.body}>
            {state.items.length > 0 ? (
              children(state.items)
            ) : (
              <Stack gap="xs" align="flex-start">
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
                {state.status === 'error' ? (
                  <Button size="xs" variant="light" onClick={block.retry} loading={block.fetching}>
                    Try again
                  </Button>
                ) : null}
              </Stack>
            )}
          </div>
        </Card>
      ) : (
        <HomeBlockSkeleton label={`Loading ${title.toLowerCase()}`} />
      )}
    </section>
  );
}
