import './mantine-styles.ts';
// The theme's CSS variables, built once (build/mantine-theme-variables.ts): after Mantine's defaults.
import 'virtual:mantine-theme-variables.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

// The same key is read before the first paint by public/color-scheme.js.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'huddle-color-scheme' });

/** Huddle's theme and saved colour scheme, for both web entries (the app and the auth pages). */
export function HuddleMantineProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}
