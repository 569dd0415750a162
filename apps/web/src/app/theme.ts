import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Huddle green, from the court-side palette of the logo. */
const huddle: MantineColorsTuple = [
  '#e6f7f1',
  '#c9ecdf',
  '#97d9c1',
  '#61c4a1',
  '#38b287',
  '#1fa677',
  '#0e8f66',
  '#0b7a57',
  '#086848',
  '#04553a',
];

export const theme = createTheme({
  primaryColor: 'huddle',
  colors: { huddle },
  // Shade 7 keeps white button text at 5.3:1 in both schemes (WCAG AA needs 4.5:1).
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '750' },
  focusRing: 'auto',
  // People who ask their system for less motion get dialogs, menus and notifications without
  // their fade and scale transitions (Mantine animates them by default whatever the setting).
  // The journeys ask for it too, so axe never reads a dialog's colours half-way through fading in.
  respectReducedMotion: true,
  components: {
    // Mantine's close buttons are icons without a name (axe: button-name): notifications and dialogs get one.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // Mantine takes the show-password button out of the Tab order (tabIndex -1): keyboard users could never reach it.
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    // Mantine's Loader is a bare span: the aria-label every loading state gives it is prohibited
    // there (axe: aria-prohibited-attr) and never read. As a status it is announced by its label.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Mantine's defaults put dimmed text, error text and links below 4.5:1 on the page
 * background in places; axe runs on every page, so these are raised to AA. Built into the
 * stylesheet with the theme's other variables (build/mantine-theme-variables.ts).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-huddle-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-anchor': 'var(--mantine-color-huddle-3)',
  },
});
