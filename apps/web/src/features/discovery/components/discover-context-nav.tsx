import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { discoverContextLabels, discoverContexts, type DiscoverContext } from '../discover-filters.ts';

/** The lists of discover (spec §2 discover/{context}); each is its own address. */
export function DiscoverContextNav({ current, search }: { current: DiscoverContext; search: string }) {
  return (
    <Group component="nav" aria-label="What to discover" gap={6}>
      {discoverContexts.map((context) => (
        <Button
          key={context}
          component={Link}
          // The filters travel between events and games, which are the same list.
          to={`/discover/${context}${(context === 'events' || context === 'games') && search ? `?${search}` : ''}`}
          size="compact-md"
          radius="xl"
          variant={context === current ? 'filled' : 'default'}
          aria-current={context === current ? 'page' : undefined}
        >
          {discoverContextLabels[context]}
        </Button>
      ))}
    </Group>
  );
}
