import { dateTimeFormat } from '../../lib/intl-formats.ts';

/** "Earned Mar 12, 2026", in the viewer's locale. */
export function earnedOn(earnedAt: string): string {
  return `Earned ${dateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(earnedAt))}`;
}
