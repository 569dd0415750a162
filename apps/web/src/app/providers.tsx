import './mantine-styles.ts';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { NotificationsHost } from './notifications-host.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// The same key is read before the first paint by public/color-scheme.js.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'huddle-color-scheme' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {/* The one way to show a notification: notifications.show() from @mantine/notifications. */}
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
