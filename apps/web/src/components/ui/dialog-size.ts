import type { ModalProps } from '@mantine/core';

type Size = { width: number; height: number };

/**
 * Spec §2: the dialogs' sizes in px, width × height (the player card's height is its most). Here,
 * not in @huddle/shared/limits: that module is in the sign-in page's first chunk (decision 023).
 */
export const dialogSizes = {
  playerCard: { width: 400, height: 800 },
  profile: { width: 600, height: 675 },
  payments: { width: 550, height: 500 },
} as const satisfies Record<string, Size>;

/** The most a dialog can be tall on this screen: the viewport less Mantine's margins above and below. */
const screenHeight = 'calc(100dvh - 2 * var(--modal-y-offset))';

/**
 * A spec dialog's size as Mantine Modal props: that width, and that height where the screen is
 * tall enough (what does not fit scrolls inside). `upTo` makes the height a most, for a dialog
 * whose content may be short (the player card); `atLeast` a least (the payments dialog).
 */
export function dialogSize(
  { width, height }: Size,
  fit: 'exactly' | 'upTo' | 'atLeast' = 'exactly',
): Pick<ModalProps, 'size' | 'styles'> {
  const property = { exactly: 'height', upTo: 'maxHeight', atLeast: 'minHeight' }[fit];
  return { size: width, styles: { content: { [property]: `min(${height}px, ${screenHeight})` } } };
}
