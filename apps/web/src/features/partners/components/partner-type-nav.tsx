import { partnerPaths, partnerTypes } from '@huddle/shared/partners';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

/** The four kinds of partner, one link each; the open one marked as the current page. */
export function PartnerTypeNav({ current }: { current?: string }) {
  return (
    <Group gap="xs" component="nav" aria-label="Kinds of partner">
      {partnerTypes.map((entry) => (
        <Button
          key={entry.slug}
          component={Link}
          to={partnerPaths.list(entry.slug)}
          size="compact-md"
          variant={entry.slug === current ? 'filled' : 'default'}
          aria-current={entry.slug === current ? 'page' : undefined}
        >
          {entry.name}
        </Button>
      ))}
    </Group>
  );
}
