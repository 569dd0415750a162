import { maxFriends } from '@huddle/shared/events';

/**
 * What was typed in a signed-in player's "Bring friends" field, as a whole number from 0 to
 * maxFriends (as Mantine's NumberInput clamped it, decision 082); empty stays empty while typing.
 */
export function clampedFriends(typed: string): string {
  if (typed.trim() === '') return '';
  const count = Math.trunc(Number(typed));
  if (!Number.isFinite(count)) return '0';
  return String(Math.min(maxFriends, Math.max(0, count)));
}
