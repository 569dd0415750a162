import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HuddleMantineProvider } from './huddle-mantine-provider.tsx';
import { NotificationsHost } from './notifications-host.tsx';

/**
 * The app's providers. The query client is passed in: the browser's one client (lib/query-client.ts),
 * or on the server one per request (entry-server.tsx), so a person's data never reaches another's page.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <HuddleMantineProvider>
      {/* The one way to show a notification: notifications.show() from @mantine/notifications. */}
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HuddleMantineProvider>
  );
}
