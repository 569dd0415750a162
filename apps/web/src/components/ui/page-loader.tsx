import { Center, Loader, Stack } from '@mantine/core';
import { HuddleLogo } from './huddle-logo.tsx';

/** Shown while the first page's code and data load: the brand at once, then the page. */
export function PageLoader() {
  return (
    <Center mih="60dvh" role="status" aria-label="Loading">
      <Stack align="center" gap="lg">
        <HuddleLogo size={40} />
        <Loader size="sm" />
      </Stack>
    </Center>
  );
}
