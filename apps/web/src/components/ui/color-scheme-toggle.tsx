import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches between light and dark and remembers the choice (localStorage, see app/providers.tsx). */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Read when clicked: the scheme is in the browser only (a server-rendered page, decision 075).
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle color scheme"
      title="Switch between light and dark"
      onClick={() => setColorScheme(next)}
    >
      {/* Both icons, one shown by the scheme's CSS (set before the first paint by public/color-scheme.js),
          so the right one shows at once, on the server's markup too. */}
      <IconSun size={20} stroke={1.6} aria-hidden className="mantine-light-hidden" />
      <IconMoon size={20} stroke={1.6} aria-hidden className="mantine-dark-hidden" />
    </ActionIcon>
  );
}
