import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A short failure said in text beside what failed ("Could not send."), announced as it appears
 * (role="alert"), in the theme's error colour: 4.5:1 or more on the page in both schemes (theme.ts).
 * Mantine's `c="red"` is the red of shade 6 or 7, 3.3–3.8:1 on white: axe failed the place form's
 * "Pick an address…" under its map (stop 44), and ESLint now refuses a red `c` (eslint.config.js).
 */
export function ErrorText({
  children,
  ...props
}: TextProps & {
  children: ReactNode;
  /** 'alert' (the default): news as it appears; 'status' for a quieter one. */
  role?: 'alert' | 'status';
}) {
  return (
    <Text size="sm" c="var(--mantine-color-error)" role="alert" {...props}>
      {children}
    </Text>
  );
}
