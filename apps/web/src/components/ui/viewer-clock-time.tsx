import { dateTimeFormat } from '../../lib/intl-formats.ts';
import { useBrowserValue } from '../../lib/use-hydrated.ts';

/**
 * An instant that has no zone of its own (a check-in, a tournament's start), on the viewer's clock.
 * The server does not know the viewer's zone (decision 075): a page it renders says the time in
 * UTC, named, and the render right after hydration says it on the viewer's clock, in the same
 * place (a few characters of one line change; nothing moves). A date without a time is said as the
 * UTC day until then.
 */
export function ViewerClockTime({ iso, format }: { iso: string; format: Intl.DateTimeFormatOptions }) {
  const at = new Date(iso);
  const hasTime = format.hour !== undefined || format.timeStyle !== undefined;
  return useBrowserValue(
    () => dateTimeFormat(undefined, format).format(at),
    `${dateTimeFormat(undefined, { ...format, timeZone: 'UTC' }).format(at)}${hasTime ? ' UTC' : ''}`,
  );
}
