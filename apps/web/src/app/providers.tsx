import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { HuddleMantineProvider } from './huddle-mantine-provider.tsx';
import { NotificationsHost } from './notifications-host.tsx';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <HuddleMantineProvider>
      {/* The one way to show a notification: notifications.show() from @mantine/notifications. */}
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HuddleMantineProvider>
  );
}
