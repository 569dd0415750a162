import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches between light and dark and remembers the choice (localStorage, see app/providers.tsx). */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Client-only app: read the scheme during render, so the icon is right on the first paint.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle color scheme"
      title={`Use the ${next} color scheme`}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? (
        <IconSun size={20} stroke={1.6} aria-hidden />
      ) : (
        <IconMoon size={20} stroke={1.6} aria-hidden />
      )}
    </ActionIcon>
  );
}
