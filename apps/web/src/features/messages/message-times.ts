import { dateTimeFormat } from '../../lib/intl-formats.ts';
/** Times in the messages slice, in the viewer's zone and language (Intl; no date library). */
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day a message was sent, in the viewer's zone: threads separate days by it. */
export function dayKey(iso: string): string {
  return dayKeyFormat.format(new Date(iso));
}

/** "Today", "Yesterday", or "Wednesday, November 25, 2026". */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  return dateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );
}

export function clockTime(iso: string): string {
  return dateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The list's time: the clock today, the short date before. */
export function listTime(iso: string, now: Date = new Date()): string {
  if (dayKey(iso) === dayKey(now.toISOString())) return clockTime(iso);
  return dateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(iso));
}
